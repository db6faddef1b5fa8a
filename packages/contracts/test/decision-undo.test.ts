import { describe, expect, it } from 'vitest';
import { DECISION_UNDO_SECONDS, ModerationDecided, ModerationUndone } from '../src/index.js';

const item = {
  id: '0197a1b2-0000-7000-8000-000000000001',
  title: 'What did the radar operators see?',
  content: 'The sequence of radar events during the encounter.',
  context: null,
  sources: null,
  status: 'approved',
  categoryId: 1,
  category: { name: 'Sightings' },
  tags: [],
  tagIds: [],
  createdAt: '2026-01-05T09:00:00.000Z',
  answer: null,
  dueAt: null,
  assignedCreatorId: 12,
  assignedExpertId: 12,
  moderationNotes: null,
  creator: null,
  expertListed: true,
  asker: { id: 40, username: 'member' },
  moderatorId: 3,
  decidedAt: '2026-01-05T10:00:00.000Z',
};

describe('a held moderation decision', () => {
  it('is undoable for a minute by default', () => {
    expect(DECISION_UNDO_SECONDS).toBe(60);
  });

  it('answers until when it can be undone, or null once announced at once', () => {
    expect(
      ModerationDecided.parse({ ...item, undoUntil: '2026-01-05T10:01:00.000Z' }),
    ).toMatchObject({ undoUntil: '2026-01-05T10:01:00.000Z' });
    expect(ModerationDecided.parse({ ...item, undoUntil: null }).undoUntil).toBeNull();
    expect(ModerationDecided.safeParse({ ...item, undoUntil: 'in a minute' }).success).toBe(false);
  });

  it('answers an undo with a message and the item pending again', () => {
    const undone = {
      message: 'The decision was undone.',
      item: { ...item, status: 'pending', moderatorId: null, decidedAt: null },
    };
    expect(ModerationUndone.parse(undone)).toMatchObject({ item: { status: 'pending' } });
    expect(ModerationUndone.safeParse({ item: undone.item }).success).toBe(false);
  });
});
