"""Renderers: rich printouts for people, and text/JSON/HTML/Markdown formats for programs and paper."""
