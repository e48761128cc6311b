import {
  functionalProfileRoutes,
  type FunctionalAmbito,
  type FunctionalCharacteristic,
  type FunctionalEstado,
  type FunctionalPerfil,
  type FunctionalProfile,
} from '@juntos/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

// The answer's types come from the route schema in packages/domain (issue 17).
export type Characteristic = FunctionalCharacteristic;
export type Ambito = FunctionalAmbito;
export type Perfil = FunctionalPerfil;
export type { FunctionalProfile };

export const functionalProfileKey = (language: string) => ['functional-profile', language] as const;

export const fetchFunctionalProfile = () => apiCall(functionalProfileRoutes.get);
/** Keyed by language because the server answers the characteristics' texts in it. */
export const functionalProfileQuery = (language: string) =>
  queryOptions({ queryKey: functionalProfileKey(language), queryFn: fetchFunctionalProfile });

export const saveCharacteristic = (id: string, estado: FunctionalEstado) =>
  apiCall(functionalProfileRoutes.save, { body: { caracteristicas: [{ id, estado }] } });

export const needsHelpCount = (characteristics: Characteristic[]) =>
  characteristics.filter((characteristic) => characteristic.estado === 'necesita ayuda').length;
