"""`python -m deaddrop`: the `deaddrop` command (deaddrop.commands.main)."""

from deaddrop.commands.main import main

if __name__ == "__main__":
    main()
