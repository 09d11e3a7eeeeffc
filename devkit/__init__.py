"""What the tests and the benchmarks share, never the product: the test-only game "Tally"
(``toygame``), the local Discord stand-in (``standin``), games on several shards
(``shards``), a throwaway PostgreSQL server (``pgserver``), the storage backends to run
against (``backends``) and the reliability suite (``reliability``)."""
