import { describe, expect, it } from '@jest/globals';
import { isReservedLookalike, RESERVED_USERNAMES, usernameSkeleton } from './username-skeleton.js';

describe('usernameSkeleton', () => {
  it('gives look-alike names one skeleton: other scripts, dotless i, case, full width, digits for letters', () => {
    const admin = usernameSkeleton('admin');
    for (const lookalike of ['аdmin', 'ɑdmin', 'admın', 'αdmin', 'Admin', 'Аdmin', 'ａｄｍｉｎ', 'adrnin']) {
      expect({ lookalike, skeleton: usernameSkeleton(lookalike) }).toEqual({ lookalike, skeleton: admin });
    }
    expect(usernameSkeleton('supp0rt')).toBe(usernameSkeleton('support'));
    expect(usernameSkeleton('paolo1')).toBe(usernameSkeleton('paoloI'));
    expect(usernameSkeleton('paolo1')).toBe(usernameSkeleton('paolol'));
  });

  it('keeps names that only share letters apart, accents included', () => {
    expect(usernameSkeleton('admins')).not.toBe(usernameSkeleton('admin'));
    // Case alone is usernameKey's business: "ADMIN" shows an I where "admin" shows an i.
    expect(usernameSkeleton('ADMIN')).not.toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('maria')).not.toBe(usernameSkeleton('mario'));
    expect(usernameSkeleton('Nicolò')).not.toBe(usernameSkeleton('Nicolo'));
    expect(usernameSkeleton('Nicolò')).toBe(usernameSkeleton('Nicolo\u0300'));
  });
});

describe('isReservedLookalike', () => {
  it('refuses the reserved names and what looks like them, nothing else', () => {
    const lookalikes = [
      'Admin',
      'ADMIN',
      'АDMIN',
      'Admın',
      'ADMlN',
      'AdmIn',
      'аdmin',
      'TIP',
      'tlp',
      'mоderator',
      'supp0rt',
    ];
    for (const name of [...RESERVED_USERNAMES, ...lookalikes]) {
      expect({ name, reserved: isReservedLookalike(name) }).toEqual({ name, reserved: true });
    }
    for (const name of ['admin2', 'tipo', 'giulia', 'supporter', 'Mario']) {
      expect({ name, reserved: isReservedLookalike(name) }).toEqual({ name, reserved: false });
    }
  });
});
