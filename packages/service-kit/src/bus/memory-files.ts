import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredEvent } from './memory-stream.js';

/**
 * Keeps the in-process bus across restarts of the embedded process: events are appended to a
 * JSON-lines log and each durable's position is saved after every acknowledgement.
 */
export class BusFiles {
  private readonly eventsFile: string;
  private readonly cursorsFile: string;

  constructor(directory: string) {
    mkdirSync(directory, { recursive: true });
    this.eventsFile = join(directory, 'events.jsonl');
    this.cursorsFile = join(directory, 'cursors.json');
  }

  loadEvents(): Array<{ stream: string } & StoredEvent> {
    if (!existsSync(this.eventsFile)) return [];
    return readFileSync(this.eventsFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => {
        try {
          return [JSON.parse(line)];
        } catch {
          return []; // a line cut short by a crash mid-write
        }
      });
  }

  loadCursors(): Record<string, number> {
    if (!existsSync(this.cursorsFile)) return {};
    try {
      return JSON.parse(readFileSync(this.cursorsFile, 'utf8'));
    } catch {
      return {};
    }
  }

  appendEvent(stream: string, stored: StoredEvent): void {
    appendFileSync(this.eventsFile, `${JSON.stringify({ stream, ...stored })}\n`);
  }

  saveCursors(cursors: Record<string, number>): void {
    writeFileSync(this.cursorsFile, JSON.stringify(cursors));
  }
}
