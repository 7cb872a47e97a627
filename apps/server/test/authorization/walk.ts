import { beforeAll, describe, expect, it } from 'vitest';
import { ruleEngines } from '../helpers';
import { type WriteWatch, watchWrites } from '../table-writes';
import { ACTORS, isRegistered, methodOf, type Row, renderCell } from './matrix';
import { matrixScene } from './scene';

/**
 * Walks rows of the authorization matrix cell by cell against the real server, on SQLite (and
 * PostgreSQL in the full tier, docs/testing.md "Engines") with real tokens of the real Auth
 * Emulator. Each cell checks the status and the body; a write must change the database when it
 * succeeds and must change nothing when refused (every row any table gains, changes or loses is
 * recorded: table-writes.ts).
 */
export function describeMatrix(rows: Row[]): void {
  describe.each(ruleEngines)('authorization matrix on %s', (engine) => {
    const scene = matrixScene(engine);
    let walked = 0;
    let watch: WriteWatch;
    beforeAll(async () => {
      watch = await watchWrites(scene.server());
    });

    for (const row of rows) {
      describe(`${row.call} (${row.target})`, () => {
        for (const actor of ACTORS) {
          const cell = row.cells[actor];
          it(`${actor}: ${renderCell(cell)}`, async () => {
            const { shared } = scene.state();
            const method = methodOf(row);
            const write = method !== 'GET';
            const target =
              write && isRegistered(actor) ? await scene.freshScene(row, actor) : scene.sharedScene(actor);
            if (write) await watch.mark();
            for (const url of [row.url(target)].flat()) {
              const response = await scene.send(target.caller, method, url, row.payload?.(target));
              expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(cell.status);
              if (cell.code) expect(response.json()).toEqual({ message: cell.message, code: cell.code });
              else if (cell.status === 204) expect(response.body).toBe('');
              else if (cell.body) expect(response.json()).toMatchObject(cell.body);
              // No answer shows another user's entry or device.
              expect(response.body).not.toContain(shared.ownerEntry);
              expect(response.body).not.toContain(shared.ownerDevice);
            }
            if (write) {
              const changed = await watch.writes();
              if (cell.status >= 400 || cell.unchanged)
                expect(changed, 'a refused write changes nothing').toEqual([]);
              else expect(changed.length, 'a write that succeeds changes something').toBeGreaterThan(0);
            }
            await row.check?.(target, cell, scene.server());
            walked++;
          });
        }
      });
    }

    it('walked every cell', () => {
      const cellCount = rows.length * ACTORS.length;
      console.log(
        `authorization matrix on ${engine}: ${rows.length} rows x ${ACTORS.length} columns = ${cellCount} cells, ${walked} walked`,
      );
      expect(walked).toBe(cellCount);
    });
  });
}
