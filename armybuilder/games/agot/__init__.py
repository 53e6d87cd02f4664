"""A Game of Thrones: The Board Game (FFG, first and second edition): position files and their checks."""
