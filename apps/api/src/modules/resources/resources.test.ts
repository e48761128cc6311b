import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceKind } from '@juntos/domain';
import { createActiveMember } from '../../test-support/accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loadDirectory, seedDirectory } from './directory-seed';
import { createResourcesRepository } from './resources.repository';

type Entry = {
  id: number;
  nombre?: string;
  titulo?: string;
  pais: string;
  ciudad: string;
  descripcion: string;
  enlace: string;
  orphacodes: number[];
  paises: string[];
};
const KINDS: ResourceKind[] = ['asociaciones', 'proyectos', 'centros'];
const nameOf = (entry: Entry) => entry.nombre ?? entry.titulo ?? '';

describe('resource directory lists', () => {
  let t: TestApp;
  let access: string;
  beforeAll(async () => {
    t = await createTestApp();
    access = (await createActiveMember(t.app)).access;
  });
  afterAll(async () => t.cleanup());

  const list = async (kind: ResourceKind, query = '', language = 'en') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/recursos/${kind}/${query}`,
      headers: { authorization: `Bearer ${access}`, 'accept-language': language },
    });
    return { status: response.statusCode, body: response.json<Entry[]>() };
  };

  for (const kind of KINDS)
    describe(kind, () => {
      const shipped = loadDirectory(kind);
      const nameField = kind === 'proyectos' ? 'titulo' : 'nombre';

      it('lists every entry with the fields of spec §3, in place then name order', async () => {
        const { status, body } = await list(kind);
        expect(status).toBe(200);
        expect(body).toHaveLength(shipped.length);
        const study = kind === 'proyectos' ? ['estudio_clinico', 'recluta', 'recluta_hasta'] : [];
        expect(Object.keys(body[0] ?? {}).sort()).toEqual(
          [
            'ciudad',
            'descripcion',
            'enlace',
            'id',
            nameField,
            'pais',
            'orphacodes',
            'paises',
            ...study,
          ].sort(),
        );
        // Issue 35: an entry is about its seat's country at least.
        expect(body.every((entry) => entry.paises[0] === entry.pais)).toBe(true);
        const order = body.map((entry) => [entry.pais, entry.ciudad, nameOf(entry)].join('|'));
        const sorted = [...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(order).toEqual(sorted);
      });

      it('filters by country, then by country and city, and by city alone', async () => {
        const sample = shipped[Math.floor(shipped.length / 2)]!;
        const byCountry = (await list(kind, `?pais=${sample.pais}`)).body;
        expect(byCountry.length).toBe(shipped.filter((entry) => entry.pais === sample.pais).length);
        expect(byCountry.every((entry) => entry.pais === sample.pais)).toBe(true);

        const city = encodeURIComponent(sample.ciudad);
        const byPlace = (await list(kind, `?pais=${sample.pais.toUpperCase()}&ciudad=${city}`)).body;
        expect(byPlace.length).toBe(
          shipped.filter((entry) => entry.pais === sample.pais && entry.ciudad === sample.ciudad).length,
        );
        expect(byPlace.map(nameOf)).toContain(sample.name);
        expect((await list(kind, `?ciudad=${city}`)).body.length).toBe(byPlace.length);
      });

      it('answers an empty list for values that match nothing, and 400 for an over-long filter', async () => {
        expect(await list(kind, '?pais=zz')).toEqual({ status: 200, body: [] });
        expect(await list(kind, '?pais=fr&ciudad=Madrid')).toEqual({ status: 200, body: [] });
        expect(await list(kind, '?ciudad=Atlantis')).toEqual({ status: 200, body: [] });
        const tooLong = await list(kind, `?ciudad=${'x'.repeat(101)}`);
        expect(tooLong.status).toBe(400);
        expect(tooLong.body).toMatchObject({ fields: { ciudad: 'The filter is too long.' } });
      });

      it('gives the description in the caller’s language', async () => {
        const sample = shipped[0]!;
        const french = (await list(kind, `?pais=${sample.pais}`, 'fr')).body.find(
          (entry) => nameOf(entry) === sample.name,
        );
        expect(french?.descripcion).toBe(sample.descripcion.fr);
      });

      it('is for signed-in members', async () => {
        expect((await t.app.inject({ method: 'GET', url: `/api/recursos/${kind}/` })).statusCode).toBe(401);
      });
    });
});

describe('the seed step', () => {
  it('fills an empty directory once: a second start and a second run add nothing', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'juntos-seed-'));
    const counts = async () => {
      const t = await createTestApp({ DATA_DIR: dataDir });
      await t.app.ready();
      const repository = createResourcesRepository(t.app.database.db);
      const result = await Promise.all(KINDS.map((kind) => repository.count(kind)));
      const again = await seedDirectory(repository);
      await t.cleanup();
      return { result, again };
    };
    try {
      const first = await counts();
      const second = await counts();
      expect(first.result).toEqual(second.result);
      expect(first.result).toEqual(KINDS.map((kind) => loadDirectory(kind).length));
      expect(first.again).toEqual({});
      expect(second.again).toEqual({});
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
