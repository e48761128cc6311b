import type {
  FunctionalAmbito,
  FunctionalCharacteristic,
  FunctionalEstado,
  FunctionalPerfil,
  FunctionalProfile,
} from '@juntos/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

// The answer's types come from the route schema in packages/domain (issue 17).
export type Characteristic = FunctionalCharacteristic;
export type Ambito = FunctionalAmbito;
export type Perfil = FunctionalPerfil;
export type { FunctionalProfile };

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
