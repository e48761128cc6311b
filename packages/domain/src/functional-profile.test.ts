import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CHARACTERISTIC_IDS,
  DEFAULT_FUNCTIONAL_ESTADO,
  FUNCTIONAL_ESTADOS,
  FUNCTIONAL_PROFILE_CATALOGUE,
  isCharacteristicId,
} from './functional-profile';

const perfiles = FUNCTIONAL_PROFILE_CATALOGUE;
const ambitos = perfiles.flatMap((perfil) => perfil.ambitos);
const caracteristicas = ambitos.flatMap((ambito) => ambito.caracteristicas);

const englishPath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../locales/en/perfil_funcional.json',
);
const english = JSON.parse(readFileSync(englishPath, 'utf8')) as Record<string, Record<string, unknown>>;

describe('functional-profile catalogue (ICF)', () => {
  it('has 8 perfiles', () => {
    expect(perfiles).toHaveLength(8);
  });

  it('gives each perfil 2 to 4 ámbitos and each ámbito 2 to 5 características', () => {
    for (const perfil of perfiles) {
      expect(perfil.ambitos.length, perfil.id).toBeGreaterThanOrEqual(2);
      expect(perfil.ambitos.length, perfil.id).toBeLessThanOrEqual(4);
    }
    for (const ambito of ambitos) {
      expect(ambito.caracteristicas.length, ambito.id).toBeGreaterThanOrEqual(2);
      expect(ambito.caracteristicas.length, ambito.id).toBeLessThanOrEqual(5);
    }
  });

  it('has between 60 and 90 características', () => {
    expect(caracteristicas.length).toBeGreaterThanOrEqual(60);
    expect(caracteristicas.length).toBeLessThanOrEqual(90);
  });

  it('uses unique snake_case ids at each level and an ICF code on every item', () => {
    for (const level of [perfiles, ambitos, caracteristicas]) {
      const ids = level.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const item of level) {
        expect(item.id).toMatch(/^[a-z]+(_[a-z]+)*$/);
        expect(item.icf).toMatch(/^[bd]\d/);
      }
    }
  });

  it('lists every characteristic id in CHARACTERISTIC_IDS', () => {
    expect(CHARACTERISTIC_IDS.size).toBe(caracteristicas.length);
    for (const caracteristica of caracteristicas)
      expect(CHARACTERISTIC_IDS.has(caracteristica.id)).toBe(true);
  });

  it('recognises characteristic ids', () => {
    expect(isCharacteristicId('understanding_spoken_messages')).toBe(true);
    expect(isCharacteristicId('nope')).toBe(false);
    expect(isCharacteristicId('communication')).toBe(false);
  });

  it('defaults to one of the two estados', () => {
    expect(FUNCTIONAL_ESTADOS).toEqual(['necesita ayuda', 'no necesita ayuda']);
    expect(FUNCTIONAL_ESTADOS).toContain(DEFAULT_FUNCTIONAL_ESTADO);
  });

  it('has an English text for every perfil, ámbito and característica', () => {
    const groups = [
      ['perfiles', perfiles],
      ['ambitos', ambitos],
      ['caracteristicas', caracteristicas],
    ] as const;
    for (const [group, items] of groups) {
      const texts = english[group] ?? {};
      for (const item of items) {
        const text = texts[item.id];
        expect(typeof text === 'string' && text.trim() !== '', `${group}.${item.id}`).toBe(true);
      }
    }
  });
});
