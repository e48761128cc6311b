import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';

export type NomenclatureStatus = 'active' | 'obsoleto' | 'no_raro';
export type NomenclatureEntry = { orphacode: number; name: string; status: NomenclatureStatus };
export type Nomenclature = { language: string | undefined; entries: NomenclatureEntry[] };

/**
 * Orphadata flags are bit values with a label: 8192 "Inactive", 256 "Deprecated entity",
 * 16 and 1024 "Obsolete entity", 32 "Non-rare disease in Europe". Both are read, so a file
 * whose labels are translated (fr_product1.xml…) is classified the same way.
 */
const DEPRECATED_OR_OBSOLETE_BITS = 16 | 256 | 1024;
const NON_RARE_BIT = 32;
const INACTIVE_BIT = 8192;

export function statusFromFlags(flags: { value: number; label: string }[]): NomenclatureStatus {
  let bits = 0;
  for (const flag of flags) bits |= Number.isFinite(flag.value) ? flag.value : 0;
  const labels = flags.map((flag) => flag.label.toLowerCase()).join(' ');
  if (bits & NON_RARE_BIT || /non[- ]?rare/.test(labels)) return 'no_raro';
  if (bits & (DEPRECATED_OR_OBSOLETE_BITS | INACTIVE_BIT) || /obsolete|deprecated|inactive/.test(labels))
    return 'obsoleto';
  return 'active';
}

/**
 * Streams the Orphadata "product1" nomenclature (JDBOR > DisorderList > Disorder with OrphaCode,
 * Name lang=…, DisorderFlagList) without holding the 50 MB document in memory. Only the
 * disorder's own OrphaCode and Name count: the same elements also appear inside associations.
 */
export async function readOrphanetNomenclature(file: string): Promise<Nomenclature> {
  const parser = new SaxesParser();
  const stack: string[] = [];
  const entries: NomenclatureEntry[] = [];
  let language: string | undefined;
  let current: { code?: number; name?: string; flags: { value: number; label: string }[] } | undefined;
  let flag: { value: number; label: string } | undefined;
  let text = '';

  // Path of the open elements below <Disorder>, e.g. "DisorderFlagList/DisorderFlag/Value".
  const pathInDisorder = () => {
    const index = stack.lastIndexOf('Disorder');
    return index === -1 ? '' : stack.slice(index + 1).join('/');
  };

  parser.on('opentag', (tag) => {
    stack.push(tag.name);
    text = '';
    if (tag.name === 'Disorder' && stack.at(-2) === 'DisorderList') current = { flags: [] };
    if (!current) return;
    const where = pathInDisorder();
    if (where === 'Name' && !language) {
      const lang = tag.attributes.lang;
      if (typeof lang === 'string') language = lang;
    }
    if (where === 'DisorderFlagList/DisorderFlag') flag = { value: 0, label: '' };
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', (tag) => {
    if (current) {
      const where = pathInDisorder();
      if (where === 'OrphaCode') current.code = Number(text.trim());
      else if (where === 'Name') current.name = text.trim();
      else if (where === 'DisorderFlagList/DisorderFlag/Value' && flag) flag.value = Number(text.trim());
      else if (where === 'DisorderFlagList/DisorderFlag/Label' && flag) flag.label = text.trim();
      else if (where === 'DisorderFlagList/DisorderFlag' && flag) {
        current.flags.push(flag);
        flag = undefined;
      } else if (where === '' && tag.name === 'Disorder') {
        if (current.code && Number.isInteger(current.code) && current.name)
          entries.push({
            orphacode: current.code,
            name: current.name,
            status: statusFromFlags(current.flags),
          });
        current = undefined;
      }
    }
    stack.pop();
    text = '';
  });

  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) parser.write(chunk as string);
  parser.close();
  return { language, entries };
}
