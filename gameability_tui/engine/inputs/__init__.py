"""Fresh inputs: the calls the tests make, and new ones drawn inside the domain those calls show."""
