/** A promise settled once, by whoever knows the moment. */
export function settles(): { promise: Promise<void>; settle(): void } {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}
