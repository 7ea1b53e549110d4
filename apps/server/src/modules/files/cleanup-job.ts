import type { JobDefinition } from '../jobs';
import { deleteUnattachedFilesOlderThan, UNATTACHED_FILE_MAX_AGE_MS } from './cleanup';

/** Decision 004: uploads no submission claimed are removed once they are a day old. */
export const unattachedUploadsJob: JobDefinition = {
  name: 'unattached-uploads',
  schedule: '17 * * * *',
  async run({ deps, now }) {
    // Its own advisory lock as well (the function is shared with tests); undefined: another run holds it.
    return (await deleteUnattachedFilesOlderThan(deps.db, new Date(now.getTime() - UNATTACHED_FILE_MAX_AGE_MS))) ?? 0;
  },
};
