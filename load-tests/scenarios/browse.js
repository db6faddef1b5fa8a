/**
 * Anonymous archive browsing: the browse page's four calls together (questions, categories,
 * tags, creators), the questions call with a filter or a search from the mix, and sometimes the
 * next page by its cursor.
 */
import { envInt } from './lib/env.js';
import { rampingOptions } from './lib/options.js';
import { batch, get, pick, pickWeighted, withQuery } from './lib/steps.js';

const PEAK = envInt('VUS', 50);

export const options = rampingOptions('browse', PEAK, {
  rampUp: '30s',
  hold: '2m',
  rampDown: '15s',
});

/** Anonymous visitors need no accounts; setup only reads the taxonomy. */
export const setup = {};

/** Words of the synthetic archive, common and rare. */
export const SEARCH_TERMS = [
  'balloon',
  'radar',
  'triangular',
  'navy',
  'silver',
  'spectrometry roswell',
];

/** What a visitor puts in the browse page's filters, with how often. */
export const BROWSE_MIX = [
  { weight: 40, query: () => ({}) },
  { weight: 15, query: (data) => ({ categoryId: pick(data.categoryIds) }) },
  { weight: 25, query: () => ({ search: pick(SEARCH_TERMS) }) },
  { weight: 10, query: (data) => ({ tagIds: pick(data.tagIds) }) },
  {
    weight: 10,
    query: (data) => ({ categoryId: pick(data.categoryIds), search: pick(SEARCH_TERMS) }),
  },
];

/** One browse page view: the four calls at once, then perhaps the next page. */
export function* browsePage(data, cookie) {
  const entry = pickWeighted(BROWSE_MIX);
  const query = data.categoryIds.length ? entry.query(data) : {};
  const [questions] = yield batch([
    get(withQuery('/api/questions', query), { cookie, name: 'GET /api/questions' }),
    get('/api/categories', { cookie, name: 'GET /api/categories' }),
    get('/api/tags', { cookie, name: 'GET /api/tags' }),
    get('/api/creators', { cookie, name: 'GET /api/creators' }),
  ]);
  const cursor = questions.headers['x-next-cursor'];
  if (cursor && Math.random() < 0.3) {
    yield get(withQuery('/api/questions', { ...query, cursor }), {
      cookie,
      name: 'GET /api/questions (next page)',
    });
  }
}

export function* iteration(data) {
  yield* browsePage(data, undefined);
}
