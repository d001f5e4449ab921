/** A number as a document shows it, by what it is (document.ts and headline.ts use it). Types only. */
/** A number as the reader should see it; `format.ts` writes each kind one way everywhere. */
export type Quantity =
  /** A probability; with its 95% interval when it is an estimate (`36.12% ± 0.09`, `0.02% [0.0031%, 0.11%]`). */
  | {
      q: 'percent';
      value: number;
      ci?: readonly [number, number] | null;
      digits?: number;
      /**
       * Where space is short (a matrix's cells): the terminal writes `32.4% ± 0.7` to these decimals, Markdown and
       * HTML the interval's bounds in full (`32.41% [31.76%, 33.06%]`).
       */
      compact?: number;
    }
  /**
   * A measured amount: grouped, `digits` decimals unless whole (`1,234`, `88.3`); a Monte Carlo mean with the 95%
   * half-width of its noise (`half`, above 0): `-383 ± 2`.
   */
  | { q: 'number'; value: number; digits?: number; half?: number }
  /**
   * A mean and its 5th, 50th and 95th percentiles: `120.0 (0 / 160 / 240)`; with its SD: `120.0 (SD 61.2; 0 / 160 /
   * 240)`; a Monte Carlo mean with the 95% half-width of its noise (`half`): `198.0 ± 0.3 (0 / 160 / 480)`.
   */
  | { q: 'spread'; mean: number; p05: number; p50: number; p95: number; sd?: number; digits?: number; half?: number }
  /** Trials in short form: `1M`, `12.5k`. */
  | { q: 'trials'; value: number }
  /**
   * A change, signed: of a probability (`percent`, in percentage points: `+5.5 pt ± 0.4`) or of an amount
   * (`-342 ± 12`); with its 95% interval, to the digits the interval supports; exact (no interval) as `+5.53 pt` or
   * `-342.6` (changeText).
   */
  | {
      q: 'change';
      value: number;
      ci?: readonly [number, number] | null;
      percent?: boolean;
    };
