import { apiKeyCreated, apiKeyLastUsed, apiKeyNameProblem } from '../../src/domain/apiKeys';

const MADRID = 'Europe/Madrid';
// 12 Nov 2026, 10:30 in Madrid (UTC+1).
const NOW = new Date('2026-11-12T09:30:00Z');

describe('apiKeyNameProblem', () => {
  it.each([
    ['', 'Name is required'],
    ['   ', 'Name is required'],
    ['Website', null],
    [' Channel manager ', null],
  ])('%p → %p', (name, problem) => {
    expect(apiKeyNameProblem(name)).toBe(problem);
  });
});

describe('apiKeyCreated', () => {
  it.each([
    ['2026-11-12T08:00:00Z', 'Marta', 'Created 12 Nov 2026 by Marta'],
    // 23:30 UTC on the 11th is already the 12th in Madrid.
    ['2026-11-11T23:30:00Z', 'Marta', 'Created 12 Nov 2026 by Marta'],
    ['2026-09-03T10:00:00Z', null, 'Created 3 Sep 2026'],
  ])('%s by %p → %s', (createdAt, createdBy, line) => {
    expect(apiKeyCreated({ createdAt, createdBy }, MADRID)).toBe(line);
  });
});

describe('apiKeyLastUsed', () => {
  it.each([
    [null, 'Never used'],
    ['2026-11-12T09:02:00Z', 'Last used 10:02 today'],
    ['2026-11-11T23:05:00Z', 'Last used 00:05 today'],
    ['2026-11-11T22:55:00Z', 'Last used 11 Nov 2026 at 23:55'],
    ['2026-10-10T08:00:00Z', 'Last used 10 Oct 2026 at 10:00'],
  ])('%p → %s', (lastUsedAt, line) => {
    expect(apiKeyLastUsed({ lastUsedAt }, MADRID, NOW)).toBe(line);
  });
});
