"""ipywidgets layer of durak-lessons: widgets show and drive the engine, nothing more."""
