import { randomInt } from 'node:crypto';
import { CHARACTERISTIC_IDS } from '@juntos/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  associations,
  chatMessages,
  monetizationAccounts,
  researchCallRecipients,
  supporterActions,
  supporters,
} from '../db/schema';
import { lastEmailTo, signUpThroughApi } from './accounts';
import { connectChat, type ChatClient } from './chat-client';
import { createSoftwareAuthenticator } from './software-authenticator';
import { confirmRepresentative } from './representatives';
import { eventually } from './eventually';
import {
  completeProfile,
  createAdminWithProfile,
  createMemberWithProfile,
  imageFile,
  putProfile,
  sendForm,
} from './profiles';

/** The device the member signs in from last, so the session row has one to show. */
/** A browser's public key as a push subscription carries it (an uncompressed P-256 point). */
const FIXTURE_P256DH =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
export const MEMBER_DEVICE = 'Mozilla/5.0 (X11; Linux x86_64) JuntosFixture/1.0';

/** Payout details as the withdrawal form sends them. */
const billing = {
  method: 'paypal',
  billing_name: 'Marta Everywhere',
  billing_address: 'Calle Mayor 1, Madrid',
  billing_country: 'España',
  billing_email: 'marta.billing@example.org',
  billing_phone: '+34600111222',
  paypal_email: 'marta.paypal@example.org',
};

type Signed = { access: string; user: { id: number } };

/**
 * A member with activity in every feature, so that a test of their copy (export) or of their
 * erasure sees every table that can hold a member's data. Built through the real API wherever one
 * exists, so the rows are those the product writes; only the tokens needed for a withdrawal are
 * set directly (earning 99 tokens takes 990 impressions 15 seconds apart).
 *
 * The personal-data catalogue test asserts that this member has a row in every table with an
 * exported member column: a new feature's table makes that test fail until the fixture grows.
 * Side effects: starts the app listening on a free port (the chat is a WebSocket) when it is not.
 */
export async function createMemberInEveryTable(app: FastifyInstance) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: Signed,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        'accept-language': 'en',
        ...(who ? { authorization: `Bearer ${who.access}` } : {}),
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const form = async (
    who: Signed,
    method: 'POST' | 'PATCH',
    url: string,
    fields: Record<string, string>,
    withImage: boolean,
  ) => {
    const response = await sendForm(
      app,
      who.access,
      method,
      url,
      fields,
      withImage ? await imageFile() : undefined,
    );
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>();
  };

  // A phone number of her own, so an erasure test can look for it everywhere.
  const phone = `+3469${String(randomInt(10_000_000)).padStart(7, '0')}`;
  // Signed up through the API: the activation code and its e-mail are rows of their own.
  const member = await signUpThroughApi(app, { telefono: phone });
  const friend = await createMemberWithProfile(app, { nombre: 'Felix', apellidos: 'Friend' });
  const asksMember = await createMemberWithProfile(app, { nombre: 'Rita', apellidos: 'Requester' });
  const askedByMember = await createMemberWithProfile(app, { nombre: 'Pablo', apellidos: 'Pending' });
  const blockedByMember = await createMemberWithProfile(app, { nombre: 'Bruno', apellidos: 'Blocked' });
  const blocksMember = await createMemberWithProfile(app, { nombre: 'Berta', apellidos: 'Blocker' });
  const reporter = await createMemberWithProfile(app, { nombre: 'Rosa', apellidos: 'Reporter' });
  const admin = await createAdminWithProfile(app, { nombre: 'Ada', apellidos: 'Admin' });

  // Profile with photo and functional fields, and the detailed functional answers.
  const profile = completeProfile({
    nombre: 'Marta',
    apellidos: 'Everywhere',
    bio: 'Marta likes rowing.',
    escribe: 'caa',
  });
  const saved = await putProfile(app, member.access, profile, await imageFile('photo'));
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const [firstCharacteristic, secondCharacteristic] = [...CHARACTERISTIC_IDS];
  await call('PUT', '/api/profile-tokenizado/', member, {
    caracteristicas: [
      { id: firstCharacteristic, estado: 'necesita ayuda' },
      { id: secondCharacteristic, estado: 'no necesita ayuda' },
    ],
  });

  // Friendship through a request, a request received and one sent, both still open.
  await call('POST', `/api/solicitudes/enviar/${friend.user.id}/`, member);
  const received = (await call('GET', '/api/solicitudes/', friend)).json<
    { id: number; sender_id: number }[]
  >();
  const request = received.find((row) => row.sender_id === member.user.id);
  await call('POST', `/api/solicitudes/${request?.id}/aceptar/`, friend);
  await call('POST', `/api/solicitudes/enviar/${member.user.id}/`, asksMember);
  await call('POST', `/api/solicitudes/enviar/${askedByMember.user.id}/`, member);

  // Posts with images, comments and likes both ways; a gallery picture replaced and commented.
  const post = await form(member, 'POST', '/api/posts/', { text: 'Marta’s post about rowing' }, true);
  const secondPost = await form(member, 'POST', '/api/posts/', { text: 'Marta’s second post' }, true);
  const friendsPost = await form(friend, 'POST', '/api/posts/', { text: 'Felix’s post' }, false);
  await call('POST', `/api/posts/${friendsPost.id}/comment/`, member, { text: 'Marta comments on Felix' });
  await call('POST', `/api/posts/${friendsPost.id}/like/`, member);
  await call('POST', `/api/posts/${post.id}/comment/`, friend, { text: 'Felix comments on Marta' });
  await call('POST', `/api/posts/${post.id}/like/`, friend);
  const image = await form(
    member,
    'POST',
    '/api/gallery/images/',
    { title: 'Lake', description: 'Marta at the lake' },
    true,
  );
  await form(member, 'PATCH', `/api/gallery/images/${image.id}/`, {}, true);
  await call('POST', `/api/gallery/images/${image.id}/comment/`, member, { text: 'Marta on her picture' });
  await call('POST', `/api/gallery/images/${image.id}/like/`, friend);

  // Chat both ways: Felix's first message is read, then hidden by Marta's "delete my messages";
  // her answer after that stays shown to her.
  const chats: ChatClient[] = [];
  try {
    const memberChat = await connectChat(app, member.access);
    chats.push(memberChat);
    const friendChat = await connectChat(app, friend.access);
    chats.push(friendChat);
    const arrived = (text: string) => (frame: Record<string, unknown>) =>
      frame.type === 'chat_message' && frame.message === text;
    friendChat.send({ receiver_id: member.user.id, message: 'Felix says hello', temp_id: 'fixture-1' });
    await memberChat.waitFor(arrived('Felix says hello'));
    await call('POST', `/api/chat/marcar-leidos/${friend.user.id}/`, member);
    await call('DELETE', '/api/chat/borrar-mensajes/', member);
    memberChat.send({ receiver_id: friend.user.id, message: 'Marta answers Felix', temp_id: 'fixture-2' });
    await friendChat.waitFor(arrived('Marta answers Felix'));
  } finally {
    await Promise.all(chats.map((chat) => chat.close()));
  }

  // Blocks both ways.
  await call('POST', `/api/bloqueos/${blockedByMember.user.id}/`, member);
  await call('POST', `/api/bloqueos/${member.user.id}/`, blocksMember);

  // Communities: her disease's (listed there) and a topic one, which she is appointed to moderate.
  const diseaseCommunity = (await call('GET', '/api/comunidades/enfermedad/558/', member)).json<{
    id: number;
  }>();
  await call('POST', `/api/comunidades/${diseaseCommunity.id}/unirse/`, member);
  await call('PUT', `/api/comunidades/${diseaseCommunity.id}/membresia/`, member, { listed: true });
  const topicCommunity = (
    await call('POST', '/api/admin/comunidades/', admin, {
      slug: `rowing-${member.user.id}`,
      name: { es: 'Remo adaptado', en: 'Adapted rowing' },
      description: { es: 'Para quien rema.' },
    })
  ).json<{ id: number }>();
  await call('POST', `/api/comunidades/${topicCommunity.id}/unirse/`, member);
  // Mutes both ways (issue 37): she mutes a member and her disease community's posts in her
  // feed; her friend mutes her.
  await call('PUT', `/api/mutes/members/${asksMember.user.id}/`, member);
  await call('PUT', `/api/mutes/members/${member.user.id}/`, friend);
  await call('PUT', `/api/mutes/communities/${diseaseCommunity.id}/`, member);
  await call('POST', '/api/mutes/keywords/', member, { phrase: 'prognosis', action: 'warn' });

  // Supporters both ways (issue 37): her friend helps her with her posts, and she helps the
  // member who asked to be her friend with messages. Stored directly: quicker than the invitations.
  await app.database.db.insert(supporters).values([
    {
      memberId: member.user.id,
      supporterId: friend.user.id,
      invitedEmail: friend.email,
      permissions: ['posts'],
      state: 'active',
      acceptedAt: new Date(),
    },
    {
      memberId: asksMember.user.id,
      supporterId: member.user.id,
      invitedEmail: member.email,
      permissions: ['messages'],
      state: 'active',
      acceptedAt: new Date(),
    },
  ]);
  // A message she wrote for the member she helps, which stays his when she is erased.
  await app.database.db.insert(chatMessages).values({
    senderId: asksMember.user.id,
    receiverId: friend.user.id,
    helperId: member.user.id,
    message: 'Written with her help',
  });
  // What her supporter did in her account, and what she did in the other member's.
  await app.database.db.insert(supporterActions).values([
    { memberId: member.user.id, supporterId: friend.user.id, route: 'POST /api/posts/', scope: 'posts' },
    {
      memberId: asksMember.user.id,
      supporterId: member.user.id,
      route: 'WS chat_message',
      scope: 'messages',
      targetId: friend.user.id,
    },
  ]);
  await call('POST', `/api/admin/comunidades/${topicCommunity.id}/moderadores/${member.user.id}/`, admin);

  // Hosted communities (issue 35): an association hosts the topic community and writes its rules,
  // which she accepts; she is invited to represent it, accepts and is confirmed.
  const [association] = await app.database.db
    .insert(associations)
    .values({
      nombre: `Rowers ${member.user.id}`,
      pais: 'es',
      ciudad: 'Madrid',
      enlace: 'https://example.org',
    })
    .returning({ id: associations.id });
  await call('PUT', `/api/admin/comunidades/${topicCommunity.id}/anfitrion/`, admin, {
    association_id: association?.id,
  });
  const rules = (
    await call('PUT', `/api/comunidades/${topicCommunity.id}/normas/`, admin, { text: 'Be kind.' })
  ).json<{ rules: { version: number } }>().rules;
  await call('POST', `/api/comunidades/${topicCommunity.id}/normas/aceptar/`, member, {
    rules_version: rules.version,
  });
  await call('POST', `/api/recursos/asociaciones/${association?.id}/representantes/`, admin, {
    email: member.email,
  });
  const invitation = /representantes\/invitacion\/([\w-]+)/.exec(
    (await lastEmailTo(app, member.email)).textBody,
  )?.[1];
  const accepted = (
    await call('POST', `/api/representantes/invitacion/${invitation}/aceptar/`, member)
  ).json<{ id: number }>();
  await call('POST', `/api/admin/representantes/${accepted.id}/confirmar/`, admin);

  // Earnings: consent, an impression, a withdrawal (which saves the payment profile).
  await call('POST', '/api/monetizacion/activate/', member, { consent: true });
  await call('POST', '/api/ads/impressions/', member, { slot_key: 'adslot_general' });
  await app.database.db
    .update(monetizationAccounts)
    .set({ tokenTenths: 1_500 })
    .where(eq(monetizationAccounts.userId, member.user.id));
  await call('POST', '/api/monetizacion/profile/', member, billing);
  const withdrawal = (
    await call('POST', '/api/monetizacion/withdrawals/', member, { ...billing, tokens: 100 })
  ).json<{ id: number }>();

  // Reports: one Marta sent (still open), and about her: her post (hidden by a moderator), her
  // conversation (dismissed) and herself (suspended, then reactivated).
  const reportBy = async (who: Signed, target_type: string, target_id: number) =>
    (
      await call('POST', '/api/reportes/', who, {
        target_type,
        target_id,
        reason: 'hate',
        details: who === member ? 'Marta’s own report' : 'A report about Marta',
      })
    ).json<{
      id: number;
    }>().id;
  const sentReport = await reportBy(member, 'post', friendsPost.id);
  const postReport = await reportBy(reporter, 'post', secondPost.id);
  const conversationReport = await reportBy(friend, 'chat_conversation', member.user.id);
  const memberReport = await reportBy(reporter, 'member', member.user.id);
  await call('POST', `/api/admin/reports/${postReport}/hide/`, admin);
  await call('POST', `/api/admin/reports/${conversationReport}/dismiss/`, admin);
  await call('POST', `/api/admin/reports/${memberReport}/suspend/`, admin);
  await call('POST', `/api/admin/members/${member.user.id}/reactivate/`, admin);

  // A password reset asked for (left unused), then a new session from a named device: the
  // suspension ended the earlier ones.
  await call('POST', '/api/auth/request-reset/', undefined, { email: member.email, language: 'en' });
  const signedIn = (
    await call(
      'POST',
      '/api/login/',
      undefined,
      { email: member.email, password: member.password },
      {
        'user-agent': MEMBER_DEVICE,
      },
    )
  ).json<{ access: string; refresh: string; user: { id: number } }>();

  // Notification settings of her own (issue 20): quiet hours at night, likes not e-mailed.
  const { settings } = (await call('GET', '/api/notificaciones/ajustes/', signedIn)).json<{
    settings: Record<string, unknown>;
  }>();
  await call('PUT', '/api/notificaciones/ajustes/', signedIn, {
    ...settings,
    quiet_from: '22:00',
    quiet_to: '07:00',
    time_zone: 'Europe/Madrid',
  });

  // Research news about her disease (issue 35): her consent, and an expert centre for her disease
  // in a neighbouring country, which matching tells her of (a job of the queue).
  await call('PUT', '/api/investigacion/consentimiento/', signedIn, { scope: 'neighbours', agree: true });
  await call('POST', '/api/admin/recursos/centros/', admin, {
    name: 'Fixture expert centre',
    pais: 'fr',
    ciudad: 'Paris',
    enlace: 'https://example.org/centre',
    orphacodes: [Number(profile.orphacode)],
  });
  await eventually(async () => {
    const forYou = (await call('GET', '/api/investigacion/para-ti/', signedIn)).json<{
      results: { told_at: string | null }[];
    }>();
    if (!forYou.results.some((match) => match.told_at !== null))
      throw new Error('the research match was never told');
  });

  // A research project she represents (issue 35 point 5): its call for participants, which she
  // writes, reaches her too (her disease, a neighbouring country), once the job has told it.
  const project = (
    await call('POST', '/api/admin/recursos/proyectos/', admin, {
      name: 'Fixture study',
      pais: 'fr',
      ciudad: 'Lyon',
      enlace: 'https://example.org/study',
      orphacodes: [Number(profile.orphacode)],
    })
  ).json<{ id: number }>();
  await confirmRepresentative(app, admin, 'proyectos', project.id, { ...member, access: signedIn.access });
  await call('POST', `/api/investigacion/proyectos/${project.id}/llamada/`, signedIn, {
    text: 'We look for adults with this disease for a short interview study.',
  });
  await eventually(async () => {
    const [told] = await app.database.db
      .select({ at: researchCallRecipients.toldAt })
      .from(researchCallRecipients)
      .where(eq(researchCallRecipients.userId, member.user.id));
    if (!told?.at) throw new Error('the call for participants was never told');
  });

  // Push notifications on for one device (port 443 only, issue 32; nothing listens there in tests: a push fails quietly).
  await call('POST', '/api/notificaciones/dispositivos/', signedIn, {
    endpoint: `https://127.0.0.1/push/${member.user.id}`,
    keys: { p256dh: FIXTURE_P256DH, auth: 'c2VjcmV0LWF1dGgta2V5' },
  });

  // A passkey added from a software authenticator (issue 21), and a registration begun and left.
  const ceremony = (
    await call('POST', '/api/passkeys/options/', signedIn, { password: member.password })
  ).json<{ challenge_id: string; options: { challenge: string } }>();
  await call('POST', '/api/passkeys/', signedIn, {
    challenge_id: ceremony.challenge_id,
    label: 'Marta’s phone',
    credential: createSoftwareAuthenticator('http://localhost:8000').register(ceremony.options),
  });
  await call('POST', '/api/passkeys/options/', signedIn, { password: member.password });

  // An own phrase on the symbol board (issue 21).
  await call('POST', '/api/symbol-phrases/', signedIn, { text: 'My knee hurts today', symbol: 'pain' });

  // A copy of the data, ready.
  await call('POST', '/api/mis-datos/exportacion/', signedIn);
  for (let attempt = 0; ; attempt += 1) {
    const state = (await call('GET', '/api/mis-datos/exportacion/', signedIn)).json<{
      export: { status: string } | null;
    }>().export;
    if (state?.status === 'ready') break;
    if (state?.status !== 'preparing' || attempt > 200)
      throw new Error(`export ${state?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    member: {
      id: member.user.id,
      email: member.email,
      password: member.password,
      name: `${profile.nombre} ${profile.apellidos}`,
      phone,
      access: signedIn.access,
      refresh: signedIn.refresh,
    },
    /** The other members involved, each with their part. */
    others: { friend, asksMember, askedByMember, blockedByMember, blocksMember, reporter, admin },
    /** Ids of what the member made or was concerned by, for precise assertions. */
    ids: {
      posts: [post.id, secondPost.id],
      hiddenPost: secondPost.id,
      friendsPost: friendsPost.id,
      galleryImage: image.id,
      withdrawal: withdrawal.id,
      researchProject: project.id,
      communities: { disease: diseaseCommunity.id, topic: topicCommunity.id },
      reports: {
        sent: sentReport,
        aboutPost: postReport,
        aboutConversation: conversationReport,
        aboutMember: memberReport,
      },
    },
  };
}

export type MemberInEveryTable = Awaited<ReturnType<typeof createMemberInEveryTable>>;
