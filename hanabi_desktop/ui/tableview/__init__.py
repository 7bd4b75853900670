"""The table on screen: its model (what the viewing seat may know, no pygame), layout, renderer, animation, card notes, tips and the coach."""
