import { describe, expect, it } from 'vitest';
import {
  NO_DIAGNOSIS,
  ageOn,
  audienceAllows,
  birthDateBounds,
  bornYearsAgo,
  createProfileSchema,
  functionalValueKey,
  parseIsoDate,
} from './profile';

const today = '2026-11-21';
const adult = createProfileSchema({ registrationType: 'adulto', today, isKnownOrphaCode: (c) => c === 558 });
const minor = createProfileSchema({ registrationType: 'menor', today });
const valid = { nombre: 'Ana', country: 'es', ciudad: 'Madrid', date_of_birth: '1990-05-04' };

const firstMessage = (result: ReturnType<typeof adult.safeParse>) =>
  result.success
    ? undefined
    : { path: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };

describe('ages', () => {
  it('counts completed years, the birthday included', () => {
    expect(ageOn('2008-11-21', today)).toBe(18);
    expect(ageOn('2008-11-22', today)).toBe(17);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
  });

  it('rejects dates that do not exist', () => {
    expect(parseIsoDate('2026-02-30')).toBeUndefined();
    expect(parseIsoDate('21/11/2026')).toBeUndefined();
  });

  it('gives the birth-date window of each registration type', () => {
    expect(birthDateBounds('menor', today)).toEqual({ min: '2008-11-22', max: '2025-11-21' });
    expect(birthDateBounds('adulto', today)).toEqual({ min: '1925-11-22', max: '2008-11-21' });
  });

  it('gives the birth date of someone turning an age today (the safeguarding rule: the 18th birthday)', () => {
    expect(bornYearsAgo(today, 18)).toBe('2008-11-21');
    expect(ageOn(bornYearsAgo(today, 18), today)).toBe(18);
    expect(ageOn(bornYearsAgo(today, 18, 1), today)).toBe(17);
    expect(bornYearsAgo('2024-02-29', 1)).toBe('2023-03-01');
  });
});

describe('profile save rules (spec §5)', () => {
  it('accepts a complete adult profile and fills the defaults', () => {
    const result = adult.parse(valid);
    expect(result).toMatchObject({
      nombre: 'Ana',
      country: 'es',
      enfermedad: NO_DIAGNOSIS,
      orphacode: null,
      habla: null,
    });
    expect(result.visibility.enfermedad).toBe('members');
  });

  it.each([
    [{ nombre: '  ' }, 'nombre', 'profile_edit.errors.nombre_required'],
    [{ country: '' }, 'country', 'profile_edit.errors.country_required'],
    [{ country: 'us' }, 'country', 'profile_edit.errors.country_invalid'],
    [{ ciudad: 'Paris' }, 'ciudad', 'profile_edit.errors.city_invalid'],
    [{ date_of_birth: '' }, 'date_of_birth', 'profile_edit.errors.birth_date_required'],
    [{ date_of_birth: '2027-01-01' }, 'date_of_birth', 'profile_edit.errors.birth_date_future'],
    [{ date_of_birth: '2008-11-22' }, 'date_of_birth', 'profile_edit.errors.birth_date_adult'],
    [{ date_of_birth: '1925-11-21' }, 'date_of_birth', 'profile_edit.errors.birth_date_adult'],
    [{ habla: 'loud' }, 'habla', 'profile_edit.errors.invalid_choice'],
    [{ orphacode: '999999', enfermedad: 'X' }, 'orphacode', 'profile_edit.errors.disease_unknown'],
    [{ visibility_enfermedad: 'everyone' }, 'visibility_enfermedad', 'profile_edit.errors.invalid_choice'],
  ])('rejects %j', (change, path, message) => {
    expect(firstMessage(adult.safeParse({ ...valid, ...change }))).toEqual({ path, message });
  });

  it('takes the oldest and youngest adult ages', () => {
    expect(adult.safeParse({ ...valid, date_of_birth: '2008-11-21' }).success).toBe(true);
    expect(adult.safeParse({ ...valid, date_of_birth: '1925-11-22' }).success).toBe(true);
  });

  it('keeps minors between 1 and 17', () => {
    expect(minor.safeParse({ ...valid, date_of_birth: '2025-11-21' }).success).toBe(true);
    expect(minor.safeParse({ ...valid, date_of_birth: '2008-11-22' }).success).toBe(true);
    expect(firstMessage(minor.safeParse({ ...valid, date_of_birth: '2025-11-22' }))?.message).toBe(
      'profile_edit.errors.birth_date_minor',
    );
    expect(firstMessage(minor.safeParse({ ...valid, date_of_birth: '2008-11-21' }))?.message).toBe(
      'profile_edit.errors.birth_date_minor',
    );
  });

  it('stores a chosen disease with its code and the accepted functional values as written', () => {
    const result = adult.parse({
      ...valid,
      enfermedad: 'Marfan syndrome',
      orphacode: 'ORPHA:558',
      movilidad: 'fauteuil roulant',
      visibility_enfermedad: 'friends',
    });
    expect(result).toMatchObject({
      enfermedad: 'Marfan syndrome',
      orphacode: 558,
      movilidad: 'fauteuil roulant',
    });
    expect(result.visibility.enfermedad).toBe('friends');
  });
});

describe('audiences', () => {
  it('shows each audience to the right viewers', () => {
    expect(audienceAllows('members', 'member')).toBe(true);
    expect(audienceAllows('friends', 'member')).toBe(false);
    expect(audienceAllows('friends', 'friend')).toBe(true);
    expect(audienceAllows('only_me', 'friend')).toBe(false);
    expect(audienceAllows('only_me', 'self')).toBe(true);
  });

  it('turns stored values into translation-key-safe names', () => {
    expect(functionalValueKey('mouv.anormaux')).toBe('mouv_anormaux');
    expect(functionalValueKey('éphémere')).toBe('ephemere');
  });
});
