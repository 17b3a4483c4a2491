from .plain import main

main()
