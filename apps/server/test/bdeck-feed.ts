import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TrackPoint } from '@fhp/domain';

/** A b-deck file written from track points, and a feed serving it over node:http (issue 22 tests). */

const tenths = (value: number, positive: string, negative: string, width: number) => `${String(Math.round(Math.abs(value) * 10)).padStart(width - 1)}${value < 0 ? negative : positive}`;

/** A fix as the b-deck writes it: one line per wind radius the storm has (34, 50, 64 kt). */
export function bdeckLines(point: TrackPoint, storm: { number: string; name: string }): string[] {
  const dtg = point.time.slice(0, 13).replace(/[-T]/g, '');
  const radii = point.windKt! >= 64 ? [34, 50, 64] : point.windKt! >= 50 ? [34, 50] : point.windKt! >= 34 ? [34] : [0];
  return radii.map(
    (radius) =>
      `AL, ${storm.number}, ${dtg},   , BEST,   0, ${tenths(point.lat, 'N', 'S', 4)}, ${tenths(point.lon, 'E', 'W', 5)}, ${String(point.windKt).padStart(3)}, ${String(point.pressureMb ?? 0).padStart(4)}, ${point.status}, ${String(radius).padStart(3)}, ${radius ? 'NEQ' : '   '},   60,   50,   40,   50, 1010,  200,  15,   0,   0,   L,   0,    ,   0,   0, ${storm.name.padStart(10)}, D,`,
  );
}

export const bdeck = (points: readonly TrackPoint[], storm: { number: string; name: string }) => `${points.flatMap((point) => bdeckLines(point, storm)).join('\n')}\n`;

/** A feed serving one b-deck file (any path) with an ETag. */
export interface Feed {
  server: Server;
  url: string;
  body: string;
}

export async function startFeed(fileName: string): Promise<Feed> {
  const feed = { body: '' } as Feed;
  feed.server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const etag = `"${feed.body.length}-${Buffer.from(feed.body).toString('base64url').slice(-16)}"`;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain', etag }).end(feed.body);
  });
  feed.server.listen(0, '127.0.0.1');
  await once(feed.server, 'listening');
  feed.url = `http://127.0.0.1:${(feed.server.address() as { port: number }).port}/atcf/btk/${fileName}`;
  return feed;
}
