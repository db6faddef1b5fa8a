import { describe, expect, it } from 'vitest';
import { expertProfile } from '../src/lib/experts';

describe('an expert as pages show them', () => {
  it("takes the title and avatar colour from the expert's profile", () => {
    const profile = expertProfile({
      brandName: 'Dana Whitfield',
      title: 'Investigative Journalist & UAP Researcher',
      avatarColor: '#0369a1',
      user: { firstName: 'Dana', lastName: 'Whitfield' },
    });
    expect(profile).toEqual({
      name: 'Dana Whitfield',
      title: 'Investigative Journalist & UAP Researcher',
      color: '#0369a1',
      initials: 'DW',
    });
  });

  it('falls back to a generic title and a neutral colour for a profile without them', () => {
    const profile = expertProfile({ user: { firstName: 'Nova', lastName: 'Quinn' } });
    expect(profile).toMatchObject({ title: 'UFO/UAP Researcher', color: '#64748b' });
  });
});
