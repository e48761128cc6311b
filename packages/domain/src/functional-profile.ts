/**
 * The functional-profile catalogue: what a member can say about their everyday functioning, as three
 * levels — perfiles (areas of life) → ámbitos (topics) → características (concrete activities) — and, for
 * each characteristic, whether they need help with it. It is grounded in the WHO International
 * Classification of Functioning, Disability and Health (ICF): every item carries the ICF code, block or
 * chapter it comes from (b = body functions, d = activities and participation), so the profile describes
 * what a person does and where support helps, not a diagnosis. The texts live in the web namespace
 * `perfil_funcional` under `perfiles.<id>`, `ambitos.<id>` and `caracteristicas.<id>`.
 */
export const FUNCTIONAL_ESTADOS = ['necesita ayuda', 'no necesita ayuda'] as const;

export type FunctionalEstado = (typeof FUNCTIONAL_ESTADOS)[number];

/** A characteristic the member has not touched counts as not needing help. */
export const DEFAULT_FUNCTIONAL_ESTADO: FunctionalEstado = 'no necesita ayuda';

export interface CharacteristicDefinition {
  readonly id: string;
  readonly icf: string;
}

export interface AmbitoDefinition {
  readonly id: string;
  readonly icf: string;
  readonly caracteristicas: readonly CharacteristicDefinition[];
}

export interface PerfilDefinition {
  readonly id: string;
  readonly icf: string;
  readonly ambitos: readonly AmbitoDefinition[];
}

export const FUNCTIONAL_PROFILE_CATALOGUE: readonly PerfilDefinition[] = [
  {
    id: 'communication',
    icf: 'd3',
    ambitos: [
      {
        id: 'understanding',
        icf: 'd310-d329',
        caracteristicas: [
          { id: 'understanding_spoken_messages', icf: 'd310' },
          { id: 'understanding_gestures_and_facial_expressions', icf: 'd3150' },
          { id: 'understanding_pictures_and_signs', icf: 'd315' },
        ],
      },
      {
        id: 'expressing',
        icf: 'd330-d349',
        caracteristicas: [
          { id: 'speaking', icf: 'd330' },
          { id: 'using_gestures_and_signs', icf: 'd335' },
          { id: 'writing_messages', icf: 'd345' },
        ],
      },
      {
        id: 'conversation',
        icf: 'd350-d369',
        caracteristicas: [
          { id: 'having_a_conversation', icf: 'd350' },
          { id: 'using_the_phone', icf: 'd3600' },
          { id: 'using_a_computer_or_tablet', icf: 'd360' },
        ],
      },
    ],
  },
  {
    id: 'mobility',
    icf: 'd4',
    ambitos: [
      {
        id: 'body_position',
        icf: 'd410-d429',
        caracteristicas: [
          { id: 'getting_up_and_sitting_down', icf: 'd410' },
          { id: 'moving_between_bed_and_chair', icf: 'd420' },
        ],
      },
      {
        id: 'hands_and_arms',
        icf: 'd430-d449',
        caracteristicas: [
          { id: 'lifting_and_carrying', icf: 'd430' },
          { id: 'using_hands_and_fingers', icf: 'd440' },
        ],
      },
      {
        id: 'walking_and_moving_around',
        icf: 'd450-d469',
        caracteristicas: [
          { id: 'walking_indoors', icf: 'd4600' },
          { id: 'walking_outdoors', icf: 'd4602' },
          { id: 'using_stairs', icf: 'd4551' },
          { id: 'using_a_wheelchair_or_walking_aid', icf: 'd465' },
        ],
      },
      {
        id: 'transport',
        icf: 'd470-d489',
        caracteristicas: [
          { id: 'using_public_transport', icf: 'd4702' },
          { id: 'travelling_by_car', icf: 'd4701' },
          { id: 'driving', icf: 'd475' },
        ],
      },
    ],
  },
  {
    id: 'self_care',
    icf: 'd5',
    ambitos: [
      {
        id: 'personal_hygiene',
        icf: 'd510-d530',
        caracteristicas: [
          { id: 'washing_and_showering', icf: 'd510' },
          { id: 'caring_for_teeth_hair_and_nails', icf: 'd520' },
          { id: 'using_the_toilet', icf: 'd530' },
        ],
      },
      {
        id: 'clothes',
        icf: 'd540',
        caracteristicas: [
          { id: 'getting_dressed', icf: 'd540' },
          { id: 'putting_on_shoes_and_socks', icf: 'd5402' },
        ],
      },
      {
        id: 'eating_and_drinking',
        icf: 'd550-d560',
        caracteristicas: [
          { id: 'eating', icf: 'd550' },
          { id: 'drinking', icf: 'd560' },
        ],
      },
      {
        id: 'looking_after_health',
        icf: 'd570-d571',
        caracteristicas: [
          { id: 'taking_medicines', icf: 'd5702' },
          { id: 'getting_medical_help', icf: 'd5702' },
          { id: 'staying_safe', icf: 'd571' },
        ],
      },
    ],
  },
  {
    id: 'senses_and_pain',
    icf: 'b2',
    ambitos: [
      {
        id: 'seeing',
        icf: 'b210-b229',
        caracteristicas: [
          { id: 'seeing_things_close_up', icf: 'b21002' },
          { id: 'seeing_things_far_away', icf: 'b21000' },
          { id: 'seeing_in_dim_or_bright_light', icf: 'b2102' },
        ],
      },
      {
        id: 'hearing_and_balance',
        icf: 'b230-b249',
        caracteristicas: [
          { id: 'hearing_voices_and_sounds', icf: 'b230' },
          { id: 'hearing_in_noisy_places', icf: 'b2304' },
          { id: 'keeping_balance', icf: 'b235' },
        ],
      },
      {
        id: 'touch_taste_and_smell',
        icf: 'b250-b279',
        caracteristicas: [
          { id: 'feeling_touch', icf: 'b265' },
          { id: 'sensing_heat_and_cold', icf: 'b2700' },
          { id: 'tasting_and_smelling', icf: 'b250-b255' },
        ],
      },
      {
        id: 'pain',
        icf: 'b280-b289',
        caracteristicas: [
          { id: 'managing_pain', icf: 'b280' },
          { id: 'showing_where_it_hurts', icf: 'b2801' },
        ],
      },
    ],
  },
  {
    id: 'mental_functions',
    icf: 'b1',
    ambitos: [
      {
        id: 'memory_and_attention',
        icf: 'b140-b144',
        caracteristicas: [
          { id: 'remembering_appointments', icf: 'b144' },
          { id: 'remembering_recent_events', icf: 'b1440' },
          { id: 'paying_attention', icf: 'b140' },
          { id: 'staying_focused', icf: 'b1400' },
        ],
      },
      {
        id: 'orientation',
        icf: 'b114',
        caracteristicas: [
          { id: 'knowing_the_day_and_time', icf: 'b1140' },
          { id: 'recognising_familiar_places', icf: 'b1141' },
          { id: 'recognising_familiar_people', icf: 'b1142' },
        ],
      },
      {
        id: 'feelings_and_behaviour',
        icf: 'b152',
        caracteristicas: [
          { id: 'calming_down_when_upset', icf: 'b1521' },
          { id: 'coping_with_worry_and_sadness', icf: 'b152' },
          { id: 'thinking_before_acting', icf: 'b1304' },
        ],
      },
      {
        id: 'sleep_and_energy',
        icf: 'b130-b134',
        caracteristicas: [
          { id: 'falling_asleep', icf: 'b1341' },
          { id: 'sleeping_through_the_night', icf: 'b1342' },
          { id: 'having_energy_for_the_day', icf: 'b1300' },
          { id: 'finding_motivation', icf: 'b1301' },
        ],
      },
    ],
  },
  {
    id: 'learning_and_tasks',
    icf: 'd1-d2',
    ambitos: [
      {
        id: 'learning',
        icf: 'd130-d159',
        caracteristicas: [
          { id: 'learning_by_watching_and_copying', icf: 'd130' },
          { id: 'learning_new_things', icf: 'd155' },
        ],
      },
      {
        id: 'applying_knowledge',
        icf: 'd160-d179',
        caracteristicas: [
          { id: 'reading_short_texts', icf: 'd166' },
          { id: 'counting_and_simple_sums', icf: 'd172' },
          { id: 'solving_everyday_problems', icf: 'd175' },
          { id: 'making_decisions', icf: 'd177' },
        ],
      },
      {
        id: 'daily_tasks',
        icf: 'd210-d240',
        caracteristicas: [
          { id: 'finishing_a_task', icf: 'd210' },
          { id: 'doing_several_things_at_once', icf: 'd220' },
          { id: 'following_a_daily_routine', icf: 'd230' },
          { id: 'handling_stress_and_changes', icf: 'd240' },
        ],
      },
    ],
  },
  {
    id: 'domestic_life',
    icf: 'd6',
    ambitos: [
      {
        id: 'shopping_and_meals',
        icf: 'd620-d630',
        caracteristicas: [
          { id: 'shopping_for_everyday_things', icf: 'd6200' },
          { id: 'preparing_simple_meals', icf: 'd6300' },
          { id: 'cooking_full_meals', icf: 'd6301' },
        ],
      },
      {
        id: 'housework',
        icf: 'd640',
        caracteristicas: [
          { id: 'cleaning_the_home', icf: 'd6402' },
          { id: 'washing_clothes', icf: 'd6400' },
          { id: 'using_household_appliances', icf: 'd6403' },
        ],
      },
      {
        id: 'caring_for_home_and_others',
        icf: 'd650-d669',
        caracteristicas: [
          { id: 'doing_small_repairs', icf: 'd650' },
          { id: 'looking_after_plants_and_pets', icf: 'd650' },
          { id: 'helping_family_and_friends', icf: 'd660' },
        ],
      },
    ],
  },
  {
    id: 'social_and_community_life',
    icf: 'd7-d9',
    ambitos: [
      {
        id: 'relationships',
        icf: 'd710-d799',
        caracteristicas: [
          { id: 'making_friends', icf: 'd750' },
          { id: 'getting_along_with_family', icf: 'd760' },
          { id: 'meeting_new_people', icf: 'd730' },
          { id: 'acting_in_social_situations', icf: 'd720' },
        ],
      },
      {
        id: 'school_and_work',
        icf: 'd810-d859',
        caracteristicas: [
          { id: 'going_to_school_or_training', icf: 'd820' },
          { id: 'looking_for_a_job', icf: 'd845' },
          { id: 'working_at_a_job', icf: 'd850' },
        ],
      },
      {
        id: 'money',
        icf: 'd860-d879',
        caracteristicas: [
          { id: 'handling_money', icf: 'd860' },
          { id: 'using_a_bank_account_or_card', icf: 'd865' },
          { id: 'paying_bills', icf: 'd865' },
        ],
      },
      {
        id: 'community_and_civic_life',
        icf: 'd910-d950',
        caracteristicas: [
          { id: 'taking_part_in_community_events', icf: 'd910' },
          { id: 'enjoying_hobbies_sport_and_free_time', icf: 'd920' },
          { id: 'knowing_and_claiming_rights', icf: 'd940' },
          { id: 'voting_and_public_life', icf: 'd950' },
        ],
      },
    ],
  },
];

/** Every characteristic id of the catalogue, to validate what clients send. */
export const CHARACTERISTIC_IDS: ReadonlySet<string> = new Set(
  FUNCTIONAL_PROFILE_CATALOGUE.flatMap((perfil) =>
    perfil.ambitos.flatMap((ambito) => ambito.caracteristicas.map((caracteristica) => caracteristica.id)),
  ),
);

export function isCharacteristicId(value: string): boolean {
  return CHARACTERISTIC_IDS.has(value);
}
