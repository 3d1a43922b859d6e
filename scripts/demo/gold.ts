// The demo's gold annotation beyond words, written by hand for each of the twelve sentences: a Penn
// Treebank-style syntax tree, a typed semantic tree in the style of Thomae et al., named entities
// (Burger et al.), attribute–value concepts (Boros et al.) and the correct interpretations.
// Tree leaves are the utterance's words exactly (as espeak-ng spoke them: no punctuation); goldCheck.ts
// verifies that, and the build refuses gold that fails it.
import type { NameType } from './lexicon';

/** An entity written by hand as its type and its words; `nth` picks a later occurrence (0-based). */
export interface HandEntity {
  type: NameType;
  text: string;
  nth?: number;
}

/** The hand-written gold of one utterance. */
export interface HandGold {
  /** Penn Treebank style: preterminal part-of-speech nodes, no empty outer wrapper, no empty elements. */
  syntax: string;
  /**
   * Thomae et al. §5 typed tree (`TYPE:LABEL`): a `root` dummy node, `concept` nodes named like their
   * Fig. 4 (AOrigin, APlace …), `word` leaves. Words outside any concept hang from the root: §5 allows
   * levels of the hierarchy to be skipped.
   */
  semantic: string;
  entities: HandEntity[];
  /** Boros et al. (4): the attribute–value list, in the order the words say it (`sourcecity:Bonn …`). */
  concepts: string;
  /** Further correct interpretations, for sentences with two readings; the first is always `concepts`. */
  alternatives?: string[];
}

/** Gold by utterance id (the ids of utterances.ts). */
export const DEMO_GOLD: Readonly<Record<string, HandGold>> = {
  'train-01': {
    syntax:
      '(S (NP (PRP I)) (VP (VBP want) (S (VP (TO to) (VP (VB go) (PP (IN from) (NP (NNP Bonn))) ' +
      '(PP (TO to) (NP (NNP Berlin))))))))',
    semantic:
      '(root:S (word:I) (word:want) (word:to) (word:go) ' +
      '(concept:AOrigin (word:from) (concept:APlace (word:Bonn))) ' +
      '(concept:ADestination (word:to) (concept:APlace (word:Berlin))))',
    entities: [
      { type: 'LOCATION', text: 'Bonn' },
      { type: 'LOCATION', text: 'Berlin' },
    ],
    concepts: 'sourcecity:Bonn goalcity:Berlin',
  },
  'train-02': {
    syntax:
      '(SBARQ (WHADVP (WRB When)) (SQ (VBZ does) (NP (NP (DT the) (JJ next) (NN train)) ' +
      '(PP (TO to) (NP (NNP Hamburg)))) (VP (VB leave))))',
    semantic:
      '(root:S (concept:AQuery (word:When)) (word:does) (word:the) (word:next) (word:train) ' +
      '(concept:ADestination (word:to) (concept:APlace (word:Hamburg))) (word:leave))',
    entities: [{ type: 'LOCATION', text: 'Hamburg' }],
    concepts: 'query:departuretime goalcity:Hamburg',
  },
  'train-03': {
    syntax:
      '(SQ (VBZ Is) (NP (EX there)) (NP (NP (DT a) (NN connection)) (PP (IN from) (NP (NNP Frankfurt))) ' +
      '(PP (TO to) (NP (NNP Munich))) (NP (NN tomorrow) (NN morning))))',
    semantic:
      '(root:S (word:Is) (word:there) (word:a) (concept:AQuery (word:connection)) ' +
      '(concept:AOrigin (word:from) (concept:APlace (word:Frankfurt))) ' +
      '(concept:ADestination (word:to) (concept:APlace (word:Munich))) ' +
      '(concept:ADate (word:tomorrow)) (concept:ATime (word:morning)))',
    entities: [
      { type: 'LOCATION', text: 'Frankfurt' },
      { type: 'LOCATION', text: 'Munich' },
    ],
    concepts: 'query:connection sourcecity:Frankfurt goalcity:Munich date:tomorrow time:morning',
  },
  'train-04': {
    syntax:
      '(S (NP (PRP I)) (VP (VBP need) (NP (NP (DT a) (NN return) (NN ticket)) ' +
      '(PP (TO to) (NP (NNP Stuttgart))) (VP (VBG leaving) (PP (IN on) (NP (NNP Friday) (NN evening)))))))',
    semantic:
      '(root:S (word:I) (word:need) (word:a) (concept:ATicket (word:return) (word:ticket)) ' +
      '(concept:ADestination (word:to) (concept:APlace (word:Stuttgart))) (word:leaving) ' +
      '(concept:ADate (word:on) (word:Friday)) (concept:ATime (word:evening)))',
    entities: [{ type: 'LOCATION', text: 'Stuttgart' }],
    concepts: 'ticket:return goalcity:Stuttgart date:Friday time:evening',
    // "leaving on Friday evening" may also be read as the return journey leaving Stuttgart then.
    alternatives: ['ticket:return goalcity:Stuttgart returndate:Friday returntime:evening'],
  },
  'airport-01': {
    syntax:
      '(SBARQ (WHADVP (WRB When)) (SQ (VBZ does) (NP (NP (DT the) (NN flight)) ' +
      '(PP (TO to) (NP (NNP London)))) (VP (VB depart))))',
    semantic:
      '(root:S (concept:AQuery (word:When)) (word:does) (word:the) (word:flight) ' +
      '(concept:ADestination (word:to) (concept:APlace (word:London))) (word:depart))',
    entities: [{ type: 'LOCATION', text: 'London' }],
    concepts: 'query:departuretime goalcity:London',
  },
  'airport-02': {
    syntax:
      '(S (NP (NP (NN Flight) (CD seven)) (PP (TO to) (NP (NNP Boston)))) (VP (VBZ leaves) ' +
      '(PP (IN from) (NP (NN gate) (CD twelve))) (PP (IN at) (NP (NN noon)))))',
    semantic:
      '(root:S (concept:AFlight (word:Flight) (concept:AFlightNumber (word:seven))) ' +
      '(concept:ADestination (word:to) (concept:APlace (word:Boston))) (word:leaves) ' +
      '(concept:AGate (word:from) (word:gate) (concept:AGateNumber (word:twelve))) ' +
      '(concept:ATime (word:at) (word:noon)))',
    entities: [{ type: 'LOCATION', text: 'Boston' }],
    concepts: 'flightnumber:7 goalcity:Boston gate:12 time:noon',
  },
  'airport-03': {
    syntax: '(SQ (VBZ Is) (NP (NP (DT the) (NN plane)) (PP (IN from) (NP (NNP Paris)))) (VP (VBN delayed)))',
    semantic:
      '(root:S (word:Is) (word:the) (word:plane) ' +
      '(concept:AOrigin (word:from) (concept:APlace (word:Paris))) (concept:AStatus (word:delayed)))',
    entities: [{ type: 'LOCATION', text: 'Paris' }],
    concepts: 'sourcecity:Paris status:delayed',
  },
  'airport-04': {
    syntax:
      '(SBARQ (WHADVP (WRB Where)) (SQ (MD can) (NP (PRP I)) (VP (VB check) (PRT (RP in)) ' +
      '(PP (IN for) (NP (NP (PRP$ my) (NNP Lufthansa) (NN flight)) (PP (TO to) (NP (NNP Munich))))))))',
    semantic:
      '(root:S (concept:AQuery (word:Where) (word:can) (word:I) (word:check) (word:in)) (word:for) ' +
      '(word:my) (concept:AAirline (word:Lufthansa)) (word:flight) ' +
      '(concept:ADestination (word:to) (concept:APlace (word:Munich))))',
    entities: [
      { type: 'ORGANIZATION', text: 'Lufthansa' },
      { type: 'LOCATION', text: 'Munich' },
    ],
    concepts: 'query:checkin airline:Lufthansa goalcity:Munich',
  },
  'news-01': {
    syntax:
      '(S (PP (IN In) (NP (NNP Berlin))) (NP (NNP Angela) (NNP Merkel)) ' +
      '(VP (VBD met) (NP (NNP Barack) (NNP Obama))))',
    semantic:
      '(root:S (concept:ALocation (word:In) (concept:APlace (word:Berlin))) ' +
      '(concept:APerson (word:Angela) (word:Merkel)) (concept:AEvent (word:met)) ' +
      '(concept:APerson (word:Barack) (word:Obama)))',
    entities: [
      { type: 'LOCATION', text: 'Berlin' },
      { type: 'PERSON', text: 'Angela Merkel' },
      { type: 'PERSON', text: 'Barack Obama' },
    ],
    concepts: 'location:Berlin person:Angela_Merkel event:meeting person:Barack_Obama',
  },
  'news-02': {
    syntax:
      '(S (NP (DT The) (NNP United) (NNPS Nations)) (VP (VBD held) (NP (DT a) (NN meeting)) ' +
      '(PP (IN in) (NP (NNP Geneva))) (PP (IN on) (NP (NNP Friday)))))',
    semantic:
      '(root:S (word:The) (concept:AOrganisation (word:United) (word:Nations)) ' +
      '(concept:AEvent (word:held) (word:a) (word:meeting)) ' +
      '(concept:ALocation (word:in) (concept:APlace (word:Geneva))) (concept:ADate (word:on) (word:Friday)))',
    // MUC and Burger et al. leave the article outside the name.
    entities: [
      { type: 'ORGANIZATION', text: 'United Nations' },
      { type: 'LOCATION', text: 'Geneva' },
    ],
    concepts: 'organisation:United_Nations event:meeting location:Geneva date:Friday',
  },
  'news-03': {
    syntax:
      '(S (NP (NNP Siemens)) (VP (VBD announced) (NP (NP (JJ new) (NNS jobs)) (PP (IN in) (NP (NNP Munich))))))',
    semantic:
      '(root:S (concept:AOrganisation (word:Siemens)) (concept:AEvent (word:announced)) ' +
      '(concept:ATopic (word:new) (word:jobs)) (concept:ALocation (word:in) (concept:APlace (word:Munich))))',
    entities: [
      { type: 'ORGANIZATION', text: 'Siemens' },
      { type: 'LOCATION', text: 'Munich' },
    ],
    concepts: 'organisation:Siemens event:announcement topic:jobs location:Munich',
    // "in Munich" may say where the jobs are rather than where they were announced.
    alternatives: ['organisation:Siemens event:announcement topic:jobs joblocation:Munich'],
  },
  'news-04': {
    syntax:
      '(S (NP (NNP Microsoft)) (VP (VBD opened) (NP (DT an) (NN office)) (PP (IN in) (NP (NP (NNP London)) ' +
      '(PP (IN near) (NP (NNP Heathrow) (NN airport)))))))',
    semantic:
      '(root:S (concept:AOrganisation (word:Microsoft)) (concept:AEvent (word:opened)) (word:an) ' +
      '(concept:ATopic (word:office)) (concept:ALocation (word:in) (concept:APlace (word:London))) ' +
      '(concept:ANear (word:near) (concept:APlace (word:Heathrow) (word:airport))))',
    entities: [
      { type: 'ORGANIZATION', text: 'Microsoft' },
      { type: 'LOCATION', text: 'London' },
      { type: 'LOCATION', text: 'Heathrow airport' },
    ],
    concepts: 'organisation:Microsoft event:opening topic:office location:London near:Heathrow_airport',
  },
};
