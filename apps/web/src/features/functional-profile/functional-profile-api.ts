import type { FunctionalEstado } from '@juntos/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export type Characteristic = { id: string; descripcion: string; estado: FunctionalEstado };
export type Ambito = { id: string; nombre: string; caracteristicas: Characteristic[] };
export type Perfil = { id: string; nombre: string; ambitos: Ambito[] };
export type FunctionalProfile = { perfiles: Perfil[] };

export const functionalProfileKey = (language: string) => ['functional-profile', language] as const;

export const fetchFunctionalProfile = () => apiRequest<FunctionalProfile>('/profile-tokenizado/');
/** Keyed by language because the server answers the characteristics' texts in it. */
export const functionalProfileQuery = (language: string) =>
  queryOptions({ queryKey: functionalProfileKey(language), queryFn: fetchFunctionalProfile });

export const saveCharacteristic = (id: string, estado: FunctionalEstado) =>
  apiRequest<FunctionalProfile>('/profile-tokenizado/', {
    method: 'PUT',
    body: JSON.stringify({ caracteristicas: [{ id, estado }] }),
  });

export const needsHelpCount = (characteristics: Characteristic[]) =>
  characteristics.filter((characteristic) => characteristic.estado === 'necesita ayuda').length;
