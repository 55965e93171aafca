import { describe, expect, it } from '@jest/globals';
import { clampCreditCost, mediaProblem } from './composer-rules';
import { draftProblem, type Draft } from './draft-rules';

const photo = { name: 'foto.jpg', type: 'image/jpeg', size: 2_000 };
const video = { name: 'clip.mp4', type: 'video/mp4', size: 5_000 };
const draft = (change: Partial<Draft> = {}): Draft => ({
  content: 'Ciao',
  category: 'melanzana',
  showProfileData: true,
  showTelegramUsername: false,
  isPremium: false,
  creditCost: 1,
  media: photo,
  ...change,
});
const man = { gender: 'male', approved: true, isAdmin: false, isPremium: false } as const;
const woman = { ...man, gender: 'female' } as const;

describe('the composer rules', () => {
  it('keeps men out of patate and women out of melanzana', () => {
    expect(draftProblem(draft({ category: 'patate' }), man)).toBe('content.menNotInPatate');
    expect(draftProblem(draft(), woman)).toBe('content.womenNotInMelanzana');
    expect(draftProblem(draft({ category: 'patate' }), woman)).toBeNull();
    expect(draftProblem(draft(), man)).toBeNull();
  });

  it('wants text or media, and a photo in melanzana and patate', () => {
    expect(draftProblem(draft({ content: '  ', media: null, category: 'trending' }), man)).toBe(
      'content.contentRequired',
    );
    expect(draftProblem(draft({ content: 'solo testo', media: null, category: 'trending' }), man)).toBeNull();
    expect(draftProblem(draft({ media: null }), man)).toBe('content.photoRequired');
    expect(draftProblem(draft({ media: video }), man)).toBe('content.photoRequired');
    expect(draftProblem(draft({ media: video, category: 'trending' }), man)).toBeNull();
  });

  it('takes JPEG, PNG and GIF up to 10 MB, and MP4, MOV, WebM and 3GP up to 200 MB', () => {
    expect(mediaProblem({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(mediaProblem({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      'content.mediaTooLarge',
    );
    expect(mediaProblem({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('content.mediaInvalid');
    expect(mediaProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe('content.mediaInvalid');
    // No type from the browser: the extension decides.
    expect(mediaProblem({ name: 'CLIP.WEBM', type: '', size: 10 })).toBeNull();
    // A video as a phone records it: up to 200 MB, a MOV too.
    expect(mediaProblem({ name: 'IMG_0001.MOV', type: '', size: 200 * 1024 * 1024 })).toBeNull();
    expect(mediaProblem({ name: 'a.mov', type: 'video/quicktime', size: 200 * 1024 * 1024 + 1 })).toBe(
      'content.videoTooLarge',
    );
    expect(draftProblem(draft({ media: { name: 'x.bmp', type: 'image/bmp', size: 1 } }), man)).toBe(
      'content.mediaInvalid',
    );
  });

  it('leaves premium posts to premium members and admins, at 1 to 10 credits', () => {
    expect([0, 1, 5, 10, 11, -3, 2.7, Number.NaN].map(clampCreditCost)).toEqual([1, 1, 5, 10, 10, 1, 2, 1]);
    expect(draftProblem(draft({ isPremium: true }), man)).toBe('content.premiumOnly');
    expect(draftProblem(draft({ isPremium: true, creditCost: 10 }), { ...man, isPremium: true })).toBeNull();
    expect(draftProblem(draft({ isPremium: true, creditCost: 11 }), { ...man, isAdmin: true })).toBe(
      'content.premiumCostRange',
    );
    expect(draftProblem(draft({ isPremium: false, creditCost: 0 }), man)).toBeNull();
  });

  it('lets only approved members and admins write', () => {
    expect(draftProblem(draft(), { ...man, approved: false })).toBe('errors.notApproved');
    expect(draftProblem(draft(), { ...man, approved: false, isAdmin: true })).toBeNull();
  });
});
