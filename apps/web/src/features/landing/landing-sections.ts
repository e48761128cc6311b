/** The six sections of the landing page, in order (spec §1); images live in public/img. */
export const LANDING_SECTIONS = ['about', 'goal', 'philosophy', 'monetization', 'how', 'protection'] as const;

export type LandingSection = (typeof LANDING_SECTIONS)[number];

export const sectionImage = (section: LandingSection) => `/img/${section}.png`;
