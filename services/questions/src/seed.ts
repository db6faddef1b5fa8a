import { createEvent, QUESTIONS_STREAM, QuestionAnswered } from '@uapqa/contracts';
import type { Logger } from '@uapqa/service-kit';
import { type Database, enqueue } from '@uapqa/service-kit/db';
import { asc, count, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { categories, experts, questions, questionTags, tags } from './db/schema.js';

export const DEMO_CATEGORIES = [
  { name: 'Physical', description: 'Physical evidence: traces, materials, radar and sensor data' },
  { name: 'Sightings', description: 'Witness reports and documented encounters' },
  { name: 'Government & Disclosure', description: 'Records, programmes, hearings and policy' },
  { name: 'History', description: 'The history of UFO research and cases' },
  { name: 'Consciousness', description: 'Perception, experience and the human side of encounters' },
  { name: 'General', description: 'Everything else' },
];

export const DEMO_TAGS = [
  'Radar',
  'Military',
  'FOIA',
  'Congress',
  'Navy',
  'Roswell',
  'Project Blue Book',
  'Video analysis',
  'Witnesses',
  'Hoaxes',
  'Orbs',
  'Triangles',
  'Oceans',
  'Physics',
  'Nuclear sites',
];

const ARCHIVE: Array<{
  category: string;
  tags: string[];
  title: string;
  content: string;
  answer: string;
}> = [
  {
    category: 'Physical',
    tags: ['Radar', 'Navy'],
    title: 'How reliable were the radar tracks in the 2004 carrier group encounter?',
    content:
      'Several accounts mention radar returns dropping from high altitude to sea level in seconds. How much weight should those tracks carry?',
    answer:
      'The tracks came from an upgraded shipborne radar that had just been recalibrated, which is why operators first suspected false returns. What makes them notable is the correlation: pilots were vectored to the contacts and reported a visual on an object at the predicted position. Radar alone can mislead; radar plus independent visual confirmation is much harder to dismiss.',
  },
  {
    category: 'Government & Disclosure',
    tags: ['FOIA', 'Military'],
    title: 'What is the best way to word a FOIA request about UAP reports?',
    content:
      'I want to ask an agency for incident reports about unidentified objects near a base. How should I phrase it so it is not rejected as too broad?',
    answer:
      'Name the record type, the office and a date range. Ask for incident or mishap reports mentioning unidentified aerial phenomena, unidentified aircraft or unknown objects at a named installation between two dates, and request that redacted versions be released rather than withheld in full. Narrow requests get answered; fishing expeditions get closed.',
  },
  {
    category: 'History',
    tags: ['Project Blue Book', 'Witnesses'],
    title: 'Why did Project Blue Book close in 1969 if cases were still unexplained?',
    content:
      'The project ended with hundreds of unidentified cases on file. What was the official reasoning, and was it convincing?',
    answer:
      'The closure followed a university study that concluded further scientific study was unlikely to be fruitful and that no case threatened national security. Critics noted that the study itself left a substantial share of its own cases unexplained. The decision was as much about cost and public relations as about the evidence.',
  },
  {
    category: 'Sightings',
    tags: ['Triangles', 'Witnesses'],
    title: 'What explains the large black triangles reported over the decades?',
    content:
      'Many independent witnesses describe silent triangular craft with lights at the corners. Are there conventional explanations?',
    answer:
      'Some reports match aircraft flying in formation at night, where the lights suggest a solid shape that is not there. Others fit blimps or experimental aircraft. A residue remains where multiple witnesses describe a solid silent object at low altitude, and those deserve careful documentation: time, bearing, angular size and duration.',
  },
  {
    category: 'Consciousness',
    tags: ['Witnesses', 'Hoaxes'],
    title: 'How does memory change a witness account over time?',
    content:
      'Witnesses often add details years later. How should researchers treat accounts that grew over time?',
    answer:
      'Memory is reconstructive: each retelling can absorb details from media, interviews and other witnesses. The earliest written account is usually the most reliable anchor. Good investigators record a free narrative first, avoid leading questions, and compare later versions against the original rather than assuming deliberate invention.',
  },
  {
    category: 'Physical',
    tags: ['Video analysis', 'Physics'],
    title: 'Can parallax explain the apparent speed of objects in infrared videos?',
    content:
      'Some analysts say the fast-moving objects in released videos are slow objects seen from a moving jet. Is that right?',
    answer:
      'Parallax can make a slow object at moderate distance appear to race across the background when the camera platform is moving fast and turning. With the aircraft position, the gimbal angles and the range readout you can reconstruct the geometry; in several released clips this reconstruction gives modest speeds. That does not settle every case, but it is the first test to run.',
  },
  {
    category: 'Government & Disclosure',
    tags: ['Congress', 'Military'],
    title: 'What did the recent congressional hearings actually establish?',
    content:
      'There were dramatic claims under oath. What is established fact and what remains allegation?',
    answer:
      'Established: officials confirmed that reporting channels exist, that many reports remain unresolved, and that pilots were historically discouraged from reporting. Allegations about recovered craft were made under oath but without public evidence, with witnesses saying details could only be shared in closed sessions. Oath-backed claims are a reason to investigate, not a conclusion.',
  },
  {
    category: 'History',
    tags: ['Roswell', 'Military'],
    title: 'How did the official explanation for Roswell change over time?',
    content:
      'I have read about a weather balloon, a classified balloon project and crash test dummies. Which is the current position?',
    answer:
      'The first press release spoke of a recovered disc, withdrawn within a day for a weather balloon. Decades later the explanation became a classified high-altitude balloon train, and a further report attributed body stories to later tests with anthropomorphic dummies, which critics note came years after 1947. The shifting story is itself why the case endures.',
  },
  {
    category: 'Sightings',
    tags: ['Orbs', 'Hoaxes'],
    title: 'Are the orbs seen over the ocean just drones or lanterns?',
    content:
      'People keep filming glowing orbs over the water at night. What should I check before calling one unidentified?',
    answer:
      'Check the wind direction (lanterns drift with it), look for blinking navigation lights (drones and aircraft), note whether the light flickers like a flame, and compare with flight tracking at that time. Record a steady clip with a fixed reference in the frame. Most orbs resolve with these checks; the ones that do not are worth reporting.',
  },
  {
    category: 'Physical',
    tags: ['Nuclear sites', 'Military'],
    title: 'Why are so many reports clustered around nuclear facilities?',
    content:
      'There are accounts of objects over missile fields and weapons storage sites. Is the clustering real?',
    answer:
      'Part of it is reporting bias: these sites are guarded around the clock by trained observers with radios and logbooks, so anything unusual is recorded. Even allowing for that, several well-documented incidents involve equipment effects reported at the same time as sightings, and those are among the cases most worth pursuing through records requests.',
  },
  {
    category: 'Consciousness',
    tags: ['Witnesses'],
    title: 'What do experiencers most often report after a close encounter?',
    content: 'Beyond what was seen, how do close encounters affect the people who report them?',
    answer:
      'Common themes are a sense of missing time, vivid dreams afterwards, and a lasting change in outlook. Researchers disagree about what these mean, but they agree that experiencers deserve to be heard without ridicule, and that careful, non-leading interviews are essential if their accounts are to be useful as data.',
  },
  {
    category: 'General',
    tags: ['Oceans', 'Navy'],
    title: 'Is there credible evidence of objects entering or leaving the ocean?',
    content:
      'So-called transmedium objects are often mentioned. What is the quality of the evidence?',
    answer:
      'Most of it is testimony from naval personnel, some of it detailed and consistent, with little sensor data in the public domain. Sonar records would be decisive, and they are exactly the records least likely to be released. The honest summary is that the claims are serious and the public evidence is thin.',
  },
];

/** Demo categories and topics, when the service has none. */
export async function seedTaxonomy(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(categories);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(categories).values(DEMO_CATEGORIES).onConflictDoNothing();
  await db
    .insert(tags)
    .values(DEMO_TAGS.map((name) => ({ name, description: null })))
    .onConflictDoNothing();
}

/**
 * A few dozen answered questions spread over the demo experts, once they are known here (their
 * CreatorApproved events arrive just after start) and only if there is no question at all.
 *
 * Each answer is announced with QuestionAnswered in the same transaction, as a real answer is,
 * so billing records the expert's fee for it, in the month it was given: the dashboards' answered
 * count and earnings agree. A restart finds the questions there and announces nothing again, and
 * billing keys each fee by question, so a redelivered announcement cannot pay twice.
 */
export async function seedDemoArchive(
  db: Database,
  logger: Logger,
  waitMs = 20_000,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  let known = await db.select().from(experts).orderBy(asc(experts.userId));
  while (known.length < 5 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    known = await db.select().from(experts).orderBy(asc(experts.userId));
  }
  if (known.length === 0) return false;
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('questions-demo-archive'))`);
    const [existing] = await tx.select({ n: count() }).from(questions);
    if ((existing?.n ?? 0) > 0) return false;
    const categoryIds = new Map(
      (await tx.select().from(categories)).map((row) => [row.name, row.id]),
    );
    const tagIds = new Map((await tx.select().from(tags)).map((row) => [row.name, row.id]));
    const now = Date.now();
    let index = 0;
    for (let round = 0; round < 3; round++) {
      for (const entry of ARCHIVE) {
        const expert = known[index % known.length]!;
        const askedAt = new Date(now - (index * 41 + 30) * 3600 * 1000);
        const answeredAt = new Date(askedAt.getTime() + (10 + (index % 50)) * 3600 * 1000);
        const id = uuidv7();
        const title =
          round === 0
            ? entry.title
            : `${entry.title.replace(/\?$/, '')} (${['follow-up', 'another view'][round - 1]})?`;
        await tx.insert(questions).values({
          id,
          askerId: null,
          requestedExpertId: expert.userId,
          assignedExpertId: expert.userId,
          categoryId: categoryIds.get(entry.category) ?? categoryIds.get('General')!,
          title,
          content: entry.content,
          status: 'answered',
          createdAt: askedAt,
          decidedAt: askedAt,
          dueAt: new Date(askedAt.getTime() + 72 * 3600 * 1000),
          answerContent: entry.answer,
          answeredAt,
        });
        await enqueue(
          tx,
          QUESTIONS_STREAM,
          createEvent(QuestionAnswered, {
            questionId: id,
            askerId: null,
            expertId: expert.userId,
            title,
            answeredAt: answeredAt.toISOString(),
          }),
        );
        const ids = entry.tags
          .map((name) => tagIds.get(name))
          .filter((tagId): tagId is number => tagId !== undefined);
        if (ids.length > 0)
          await tx.insert(questionTags).values(ids.map((tagId) => ({ questionId: id, tagId })));
        index++;
      }
    }
    return true;
  });
  if (seeded) logger.info({ questions: ARCHIVE.length * 3 }, 'demo archive created');
  return seeded;
}
