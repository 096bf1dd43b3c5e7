/** Runs a benchmark's main and exits: 0 when it finished, 1 (with the error) when it failed. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
