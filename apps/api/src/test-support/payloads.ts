/** Registration bodies for tests: valid by default, one field changed at a time. */
let sequence = 0;
/** A fresh, valid address for each test account. */
export const uniqueEmail = (label = 'member') => `${label}-${Date.now()}-${(sequence += 1)}@example.org`;

export const STRONG_PASSWORD = 'correct horse battery staple 42';

export const adultPayload = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('adult'),
  password: STRONG_PASSWORD,
  telefono: '+34600111222',
  tipo_registro: 'adulto',
  acepta_mayoria_edad: true,
  acepta_politica_funcionamiento: true,
  acepta_responsabilidad_menor: false,
  language: 'en',
  ...overrides,
});

export const minorPayload = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('guardian'),
  password: STRONG_PASSWORD,
  telefono: '+34600111222',
  tipo_registro: 'menor',
  acepta_mayoria_edad: true,
  acepta_politica_funcionamiento: true,
  acepta_responsabilidad_menor: true,
  nombre_tutor: 'María López',
  relacion_tutor: 'madre',
  language: 'es',
  ...overrides,
});
