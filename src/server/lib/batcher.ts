/**
 * Group commit for the chat's hot statements. Each caller still waits for its own row to be
 * written (nothing is acknowledged before the database has it), but the callers that arrive
 * while a statement is on its way share the next one: at a trickle every write goes alone and
 * at once; under load one round trip carries dozens of rows. A database round trip costs the
 * server far more than building a row (a socket write and read each way, the statement's own
 * start and commit), so this is what lets one process carry many conversations.
 *
 * A batch that fails as a whole (a deadlock between two instances' batches, one bad row) is
 * retried one input at a time, so each caller gets its own answer or its own error.
 */
export type Batcher<Input, Output> = {
  run: (input: Input) => Promise<Output>;
};

type Pending<Input, Output> = {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
};

export type BatcherOptions<Input, Output> = {
  /** One output per input, in the inputs' order. */
  runBatch: (inputs: Input[]) => Promise<Output[]>;
  /** The same work for one input: a batch of one, and the retry of a failed batch. */
  runOne: (input: Input) => Promise<Output>;
  /** Rows per statement at most. */
  maxBatchSize?: number;
  /** Statements on their way at once; the rest of the callers gather for the next. */
  maxInFlight?: number;
};

export function createBatcher<Input, Output>(options: BatcherOptions<Input, Output>): Batcher<Input, Output> {
  const { runBatch, runOne, maxBatchSize = 100, maxInFlight = 2 } = options;
  let queue: Pending<Input, Output>[] = [];
  let inFlight = 0;
  let isScheduled = false;

  const schedule = () => {
    if (isScheduled || inFlight >= maxInFlight || queue.length === 0) return;
    isScheduled = true;
    // After the I/O callbacks already due: requests that arrived together leave together.
    setImmediate(flush);
  };

  const flush = () => {
    isScheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.slice(0, maxBatchSize);
      queue = queue.slice(batch.length);
      inFlight += 1;
      void send(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  };

  const sendOne = async (item: Pending<Input, Output>) => {
    try {
      item.resolve(await runOne(item.input));
    } catch (error) {
      item.reject(error);
    }
  };

  const send = async (batch: Pending<Input, Output>[]) => {
    if (batch.length === 1) return sendOne(batch[0]!);
    let outputs: Output[];
    try {
      outputs = await runBatch(batch.map((item) => item.input));
    } catch {
      for (const item of batch) await sendOne(item);
      return;
    }
    batch.forEach((item, i) => {
      item.resolve(outputs[i]!);
    });
  };

  return {
    run: (input) =>
      new Promise<Output>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        schedule();
      }),
  };
}
