"""Builds, serves and checks the Zero to microGPT course."""
