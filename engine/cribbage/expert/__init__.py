"""The expert level and the reviews: a player that searches, and what each decision cost."""
