print("kuchi: not yet")
