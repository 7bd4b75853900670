"""The history screen's model (pygame-free): the kept games as the screen shows them."""
