"""The program's shell: the desktop it starts on, its crash log, its shipped resources, its notices."""
