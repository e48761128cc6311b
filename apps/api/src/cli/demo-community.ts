import type { CountryCode, Language } from '@juntos/domain';

/** One member of the demo community; `city` indexes the country's largest cities (0: capital). */
export type DemoMember = {
  key: string;
  nombre: string;
  apellidos: string;
  country: CountryCode;
  city: number;
  language: Language;
  dateOfBirth: string;
  /** Minors are registered by a guardian. */
  guardian?: { name: string; relation: 'padre' | 'madre' | 'tutor' };
  enfermedad: string;
  orphacode: number | null;
  comunidad: string;
  bio: string;
  functional: Partial<Record<'habla' | 'escribe' | 'movilidad' | 'ver' | 'audition' | 'memoire', string>>;
  /** The photo's colours (a soft two-colour portrait placeholder with initials). */
  colours: [string, string];
};

export const DEMO_MEMBERS: DemoMember[] = [
  {
    key: 'lucia',
    nombre: 'Lucía',
    apellidos: 'Martín Ruiz',
    country: 'es',
    city: 0,
    language: 'es',
    dateOfBirth: '1986-03-14',
    enfermedad: 'Síndrome de Marfan',
    orphacode: 558,
    comunidad: 'Asociación Marfan España',
    bio: 'Madre de dos, profesora de música. Me encanta nadar y conocer a otras familias.',
    functional: { habla: 'verbal', escribe: 'oui', movilidad: 'sans support', ver: 'voyante' },
    colours: ['#0f5c63', '#7fd6dc'],
  },
  {
    key: 'antoine',
    nombre: 'Antoine',
    apellidos: 'Lefèvre',
    country: 'fr',
    city: 1,
    language: 'fr',
    dateOfBirth: '1979-11-02',
    enfermedad: 'Mucoviscidose',
    orphacode: 586,
    comunidad: 'Vaincre la Mucoviscidose',
    bio: 'Ingénieur, cycliste du dimanche. Je partage mes astuces pour les séances de kiné.',
    functional: { habla: 'verbal', escribe: 'oui', movilidad: 'sans support' },
    colours: ['#a63e26', '#ffb199'],
  },
  {
    key: 'giulia',
    nombre: 'Giulia',
    apellidos: 'Romano',
    country: 'it',
    city: 0,
    language: 'it',
    dateOfBirth: '1992-07-21',
    enfermedad: 'Neurofibromatosi di tipo 1',
    orphacode: 636,
    comunidad: 'ANF Italia',
    bio: 'Illustratrice. Disegno per raccontare la vita con una malattia rara.',
    functional: { habla: 'verbal', escribe: 'oui', movilidad: 'sans support', ver: 'voyante' },
    colours: ['#14652a', '#9ee0ad'],
  },
  {
    key: 'joao',
    nombre: 'João',
    apellidos: 'Ferreira',
    country: 'pt',
    city: 1,
    language: 'pt',
    dateOfBirth: '1970-01-30',
    enfermedad: 'Distrofia muscular de Duchenne',
    orphacode: 98896,
    comunidad: 'Associação Portuguesa de Neuromusculares',
    bio: 'Pai do Tiago. Procuro famílias com quem trocar experiências sobre cadeiras de rodas.',
    functional: { habla: 'verbal', movilidad: 'fauteuil roulant' },
    colours: ['#3d3d8f', '#b7b7f0'],
  },
  {
    key: 'katrin',
    nombre: 'Katrin',
    apellidos: 'Schulz',
    country: 'de',
    city: 0,
    language: 'de',
    dateOfBirth: '1988-05-09',
    enfermedad: 'Ehlers-Danlos-Syndrom',
    orphacode: 285,
    comunidad: 'Deutsche Ehlers-Danlos Initiative',
    bio: 'Physiotherapeutin mit EDS. Ich schreibe über Alltag, Schmerzen und gute Tage.',
    functional: { habla: 'verbal', escribe: 'oui', movilidad: 'béquilles' },
    colours: ['#6b4c11', '#f0d28a'],
  },
  {
    key: 'sanne',
    nombre: 'Sanne',
    apellidos: 'de Vries',
    country: 'nl',
    city: 0,
    language: 'nl',
    dateOfBirth: '1995-09-17',
    enfermedad: 'Syndroom van Turner',
    orphacode: 881,
    comunidad: 'Turner Contact Nederland',
    bio: 'Student verpleegkunde. Ik wil jongeren met Turner laten zien dat je dromen kunt volgen.',
    functional: { habla: 'verbal', escribe: 'oui', audition: 'faible' },
    colours: ['#8a1c4a', '#f5a3c7'],
  },
  {
    key: 'marek',
    nombre: 'Marek',
    apellidos: 'Nowak',
    country: 'pl',
    city: 1,
    language: 'pl',
    dateOfBirth: '1983-12-04',
    enfermedad: 'Rdzeniowy zanik mięśni',
    orphacode: 70,
    comunidad: 'Fundacja SMA',
    bio: 'Programista, pracuję z domu. Lubię gry planszowe i dobre książki.',
    functional: { habla: 'verbal', escribe: 'caa', movilidad: 'fauteuil roulant' },
    colours: ['#1d2a33', '#c0cbd2'],
  },
  {
    key: 'ioana',
    nombre: 'Ioana',
    apellidos: 'Popescu',
    country: 'ro',
    city: 0,
    language: 'ro',
    dateOfBirth: '1975-04-25',
    enfermedad: 'Sindromul Prader-Willi',
    orphacode: 739,
    comunidad: 'Asociația Prader-Willi din România',
    bio: 'Mama lui Andrei. Împărtășesc rețete și idei pentru mesele în familie.',
    functional: { habla: 'verbal', escribe: 'oui' },
    colours: ['#0b5560', '#8fdde3'],
  },
  {
    key: 'eleni',
    nombre: 'Ελένη',
    apellidos: 'Παπαδοπούλου',
    country: 'gr',
    city: 0,
    language: 'el',
    dateOfBirth: '1990-08-11',
    enfermedad: 'Σύνδρομο Rett',
    orphacode: 778,
    comunidad: 'Σύλλογος Rett Ελλάδας',
    bio: 'Αδελφή της Μαρίας. Μιλάω για την καθημερινότητα μιας οικογένειας με σύνδρομο Rett.',
    functional: { habla: 'verbal', escribe: 'oui' },
    colours: ['#5d2e8c', '#d4b3f5'],
  },
  {
    key: 'tiago',
    nombre: 'Tiago',
    apellidos: 'Ferreira',
    country: 'pt',
    city: 1,
    language: 'pt',
    dateOfBirth: '2012-02-18',
    guardian: { name: 'João Ferreira', relation: 'padre' },
    enfermedad: 'Distrofia muscular de Duchenne',
    orphacode: 98896,
    comunidad: 'Associação Portuguesa de Neuromusculares',
    bio: 'Gosto de futebol adaptado e de videojogos.',
    functional: { habla: 'verbal', movilidad: 'fauteuil roulant' },
    colours: ['#a63e26', '#f0d28a'],
  },
  {
    key: 'ines',
    nombre: 'Inés',
    apellidos: 'García',
    country: 'es',
    city: 3,
    language: 'es',
    dateOfBirth: '2013-06-05',
    guardian: { name: 'Carmen García', relation: 'madre' },
    enfermedad: 'Síndrome de Rett',
    orphacode: 778,
    comunidad: 'Asociación Española de Síndrome de Rett',
    bio: 'Me comunico con mi tableta y me encanta la música.',
    functional: { habla: 'caa', escribe: 'caa', movilidad: 'fauteuil roulant' },
    colours: ['#14652a', '#f5a3c7'],
  },
  {
    key: 'leon',
    nombre: 'Léon',
    apellidos: 'Dubois',
    country: 'fr',
    city: 0,
    language: 'fr',
    dateOfBirth: '2011-10-12',
    guardian: { name: 'Claire Dubois', relation: 'madre' },
    enfermedad: 'Mucoviscidose',
    orphacode: 586,
    comunidad: 'Vaincre la Mucoviscidose',
    bio: 'J’adore les dinosaures et le dessin.',
    functional: { habla: 'verbal', escribe: 'oui' },
    colours: ['#3d3d8f', '#9ee0ad'],
  },
];

/** Posts: author, text, optional title, whether it carries a picture, comments by others. */
export const DEMO_POSTS: {
  author: string;
  title?: string;
  text: string;
  picture?: [string, string];
  comments: [string, string][];
  likes: string[];
}[] = [
  {
    author: 'lucia',
    title: 'Primer día en la piscina adaptada',
    text: 'Hoy probamos la piscina climatizada del barrio: rampa, grúa y monitores muy atentos. ¡Os la recomiendo!',
    picture: ['#0f5c63', '#e6f0f6'],
    comments: [
      ['antoine', '¡Qué bien! Nous cherchons la même chose à Marseille.'],
      ['katrin', 'Schwimmen hilft mir auch sehr bei den Gelenken.'],
    ],
    likes: ['antoine', 'giulia', 'katrin', 'sanne'],
  },
  {
    author: 'antoine',
    text: 'Astuce du jour : je prépare mes aérosols le soir pour gagner dix minutes le matin. Et vous, quelles routines vous aident ?',
    comments: [
      ['lucia', 'Buena idea. Yo dejo todo listo en una caja junto a la cama.'],
      ['ioana', 'Noi facem la fel cu pastilele lui Andrei.'],
    ],
    likes: ['lucia', 'marek'],
  },
  {
    author: 'giulia',
    title: 'Un fumetto sulla NF1',
    text: 'Ho finito le prime dieci tavole del mio fumetto sulla neurofibromatosi. Vi piacerebbe leggerlo?',
    picture: ['#14652a', '#fdecea'],
    comments: [
      ['sanne', 'Ja, graag! Ik wil het lezen.'],
      ['eleni', 'Υπέροχη ιδέα!'],
    ],
    likes: ['sanne', 'eleni', 'lucia'],
  },
  {
    author: 'joao',
    text: 'Procuramos uma escola com boa acessibilidade no Porto para o Tiago. Alguém tem experiência?',
    comments: [['lucia', 'En Madrid nos ayudó mucho la asociación. ¿Habéis preguntado a la vuestra?']],
    likes: ['lucia', 'marek'],
  },
  {
    author: 'katrin',
    title: 'Gute Tage zählen',
    text: 'Ich schreibe jeden Abend drei gute Dinge auf. An schweren Tagen hilft es, die Liste zu lesen.',
    comments: [['giulia', 'Lo proverò anch’io, grazie.']],
    likes: ['giulia', 'sanne', 'antoine'],
  },
  {
    author: 'marek',
    text: 'Szukam osób do gry w szachy online wieczorami. Ktoś chętny?',
    comments: [],
    likes: ['joao'],
  },
  {
    author: 'tiago',
    text: 'Hoje marquei um golo no futebol em cadeira de rodas!',
    picture: ['#a63e26', '#f6f1e9'],
    comments: [
      ['ines', '¡Enhorabuena!'],
      ['leon', 'Bravo !'],
    ],
    likes: ['ines', 'leon'],
  },
  {
    author: 'ines',
    text: 'Hoy he tocado el tambor en clase de música con mi tableta.',
    comments: [['tiago', 'Muito fixe!']],
    likes: ['tiago'],
  },
];

/** Accepted friendships (adults with adults, minors with minors: the age groups never mix). */
export const DEMO_FRIENDS: [string, string][] = [
  ['lucia', 'antoine'],
  ['lucia', 'katrin'],
  ['lucia', 'joao'],
  ['giulia', 'sanne'],
  ['giulia', 'katrin'],
  ['antoine', 'ioana'],
  ['marek', 'joao'],
  ['eleni', 'giulia'],
  ['tiago', 'ines'],
  ['tiago', 'leon'],
];

/** Requests still waiting for an answer: requester, addressee. */
export const DEMO_REQUESTS: [string, string][] = [
  ['sanne', 'lucia'],
  ['marek', 'katrin'],
  ['leon', 'ines'],
];

/** Conversations between friends: each line is [sender, receiver, text], oldest first. */
export const DEMO_MESSAGES: [string, string, string][] = [
  ['lucia', 'antoine', '¡Hola Antoine! ¿Qué tal la semana?'],
  ['antoine', 'lucia', 'Bonjour Lucía ! Fatigué mais content : les résultats sont bons.'],
  ['lucia', 'antoine', '¡Me alegro mucho!'],
  ['giulia', 'sanne', 'Ciao Sanne, ti mando le prime pagine del fumetto?'],
  ['sanne', 'giulia', 'Ja, heel graag!'],
  ['tiago', 'ines', 'Olá Inês! Viste o meu golo?'],
  ['ines', 'tiago', '¡Sí! ¡Qué bien juegas!'],
];

/** Gallery pictures: owner and title. */
export const DEMO_GALLERY: {
  owner: string;
  title: string;
  description: string;
  colours: [string, string];
}[] = [
  {
    owner: 'lucia',
    title: 'Atardecer',
    description: 'Atardecer en el parque del Retiro',
    colours: ['#a63e26', '#ffd166'],
  },
  {
    owner: 'giulia',
    title: 'Bozzetto',
    description: 'Una tavola del fumetto, in bianco e nero',
    colours: ['#1d2a33', '#f6f1e9'],
  },
  {
    owner: 'katrin',
    title: 'Mein Garten',
    description: 'Tomaten auf dem Balkon',
    colours: ['#14652a', '#f0d28a'],
  },
  {
    owner: 'tiago',
    title: 'A equipa',
    description: 'A minha equipa de futebol',
    colours: ['#0f5c63', '#ffb199'],
  },
];

/** Members in the earnings programme: tokens earned (whole tokens) and their withdrawals. */
export const DEMO_EARNERS: {
  member: string;
  tokens: number;
  impressions: number;
  withdrawals: { tokens: number; status: 'pending' | 'processing' | 'paid' | 'rejected' }[];
}[] = [
  { member: 'lucia', tokens: 240, impressions: 2400, withdrawals: [{ tokens: 100, status: 'paid' }] },
  { member: 'antoine', tokens: 130, impressions: 1300, withdrawals: [{ tokens: 100, status: 'pending' }] },
  { member: 'katrin', tokens: 45, impressions: 450, withdrawals: [] },
];

export const DEMO_PASSWORD = 'Demo-Juntos-2026!';
/**
 * Demo members who agreed to hear of research about their disease (issue 35), and how far from
 * home. Each has entries in the shipped directory: Antoine (cystic fibrosis, France) the ERN-LUNG
 * coordinator in Frankfurt, a neighbour; Sanne (Turner, Netherlands) Amsterdam UMC; Ioana
 * (Prader-Willi, Romania) Semmelweis in Hungary, a neighbour; Ines (Rett, Spain, a minor: her
 * mother agreed) centres of ERN ITHACA in Portugal and France; Lucia (Marfan, Spain) VASCERN
 * members elsewhere in the EU.
 */
export const DEMO_RESEARCH_CONSENTS: { member: string; scope: 'country' | 'neighbours' | 'eu' }[] = [
  { member: 'antoine', scope: 'neighbours' },
  { member: 'sanne', scope: 'country' },
  { member: 'ioana', scope: 'neighbours' },
  { member: 'ines', scope: 'neighbours' },
  { member: 'lucia', scope: 'eu' },
];

export const demoEmail = (key: string) => `${key}@demo.juntos.example`;

/**
 * Communities at work (issue 34): a disease community and one of the starter topic communities,
 * each with a moderator, members of both age groups and posts, a pinned welcome among them, so a
 * newcomer sees what a moderated community looks like. The minors' posts live in the young
 * people's space of each community, where adults never see them.
 */
export const DEMO_COMMUNITIES: {
  /** A disease community by its ORPHA code, or a starter topic community by its slug. */
  community: { orphacode: number } | { slug: string };
  moderator: string;
  members: string[];
  posts: { author: string; text: string; pinned?: boolean }[];
}[] = [
  {
    community: { orphacode: 586 },
    moderator: 'antoine',
    members: ['leon'],
    posts: [
      {
        author: 'antoine',
        pinned: true,
        text: 'Bienvenue dans la communauté mucoviscidose ! Présentez-vous si vous le souhaitez. Rappel : on partage nos expériences, pas des avis médicaux. Je modère cette communauté : écrivez-moi en cas de souci.',
      },
      {
        author: 'antoine',
        text: 'Quelqu’un a des astuces pour organiser les séances de kiné respiratoire quand on travaille à temps plein ?',
      },
      {
        author: 'leon',
        text: 'Salut ! Moi je fais ma kiné le matin avant l’école, avec de la musique ça passe plus vite.',
      },
    ],
  },
  {
    community: { slug: 'mobility-aids' },
    moderator: 'katrin',
    members: ['joao', 'marek', 'tiago', 'ines'],
    posts: [
      {
        author: 'katrin',
        pinned: true,
        text: 'Willkommen! Hier geht es um Rollstühle, Gehhilfen und barrierefreie Orte. Ich moderiere diese Gruppe. Bitte bleibt freundlich, und meldet Beiträge, die nicht hierher gehören.',
      },
      {
        author: 'marek',
        text: 'Polecacie jakieś lekkie wózki składane do samochodu? Mój obecny waży prawie 15 kg.',
      },
      {
        author: 'joao',
        text: 'Encontrei uma praia com passadeira e cadeira anfíbia perto de Lisboa. Recomendo muito!',
      },
      {
        author: 'ines',
        text: 'Hoy he probado una silla nueva en el cole. ¡Va mucho más rápida!',
      },
    ],
  },
];

/**
 * Communities hosted by patient organisations (issue 35): an association of the shipped directory
 * (by its key) hosts a demo community; its confirmed representative moderates it and wrote its
 * rules. `pending` is an invitation the member accepted that waits for an administrator.
 */
export const DEMO_HOSTS: {
  association: string;
  community: { orphacode: number } | { slug: string };
  representative: string;
  rules: string;
}[] = [
  {
    association: 'vaincre-la-mucoviscidose',
    community: { orphacode: 586 },
    representative: 'antoine',
    rules:
      'Cette communauté est animée par Vaincre la Mucoviscidose.\n\n1. On partage des expériences, pas des avis médicaux : pour un traitement, parlez-en à votre centre de ressources et de compétences.\n2. Respect et bienveillance envers chacun, patients comme proches.\n3. Pas de publicité ni de collecte de fonds sans accord des animateurs.\n4. Ce qui se dit ici reste ici : ne copiez pas les messages des autres ailleurs.',
  },
  {
    association: 'asbh',
    community: { slug: 'mobility-aids' },
    representative: 'katrin',
    rules:
      'Diese Gruppe wird von der ASBH betreut.\n\n1. Freundlich bleiben – jede und jeder ist hier willkommen.\n2. Erfahrungen mit Hilfsmitteln teilen, aber keine Werbung für Händler.\n3. Keine Diagnosen oder Therapieempfehlungen: Dafür sind Ärztinnen und Ärzte da.\n4. Fotos von anderen nur mit deren Erlaubnis.',
  },
];

/** An invitation accepted and waiting for an administrator's confirmation (the admin screen shows it). */
export const DEMO_PENDING_REPRESENTATIVE = { association: 'feder', member: 'lucia' } as const;

/**
 * A demo clinical study (issue 35 point 5), clearly a demo: it is about Marfan syndrome in Spain,
 * Portugal and France, Antoine represents it and sent its call for participants, which reached
 * Lucía (Marfan syndrome, Spain, research news from all of the EU).
 */
export const DEMO_STUDY = {
  key: 'demo-marfan-study',
  titulo: 'Demo: Marfan syndrome natural history study',
  pais: 'es',
  ciudad: 'Madrid',
  enlace: 'https://example.org/demo-marfan-study',
  descripcion: {
    en: 'A demo clinical study: how the heart and eyes change over five years in adults with Marfan syndrome.',
    es: 'Un estudio clínico de demostración: cómo cambian el corazón y los ojos en cinco años en adultos con síndrome de Marfan.',
  },
  orphacodes: [558],
  paises: ['es', 'pt', 'fr'],
  representative: 'antoine',
  call: {
    language: 'en',
    text: 'We are looking for adults with Marfan syndrome living in Spain, Portugal or France. Taking part means one visit a year to a hospital near you for a heart scan and an eye test, for five years. Travel costs are paid. To ask questions, write to us through the study’s website.',
  },
  reached: ['lucia'],
} as const;
