/**
 * The load generator's process, forked by `bench/run.ts` so that it never shares the server's
 * event loop: it receives one target over IPC, runs it and sends the summary back.
 */
import { runLoad, type LoadRequest } from './load-generator';

process.once('message', (request: LoadRequest) => {
  runLoad(request).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error('load generator failed:', error);
      process.exit(1);
    },
  );
});
