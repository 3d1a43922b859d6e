// The sentences of the demo project and how each is spoken. Every word is in pocketsphinx's
// cmudict-en-us.dict, so the same sentence can be force-aligned as a cross-check.

/** One demo sentence: its utterance id, speaker label, espeak-ng voice and rate (words per minute). */
export interface DemoUtterance {
  id: string;
  speaker: string;
  voice: string;
  rate: number;
  text: string;
}

/**
 * Speaker labels and the espeak-ng voice (language + variant) each one always uses. The female voice is
 * f1 because f2-f5 add an echo (120-140 ms at 10-15 %) that puts a faint copy of each word into the
 * following pause, which blurs exactly the silences the word boundaries are checked against.
 */
export const DEMO_SPEAKERS: Readonly<Record<string, string>> = {
  spk1: 'en-us',
  spk2: 'en',
  spk3: 'en+f1',
  spk4: 'en-us+m3',
};

const u = (id: string, speaker: string, rate: number, text: string): DemoUtterance => ({
  id,
  speaker,
  voice: DEMO_SPEAKERS[speaker]!,
  rate,
  text,
});

/** Train timetable enquiries, airport information and news with person, place and organisation names. */
export const DEMO_UTTERANCES: readonly DemoUtterance[] = [
  u('train-01', 'spk1', 160, 'I want to go from Bonn to Berlin.'),
  u('train-02', 'spk3', 150, 'When does the next train to Hamburg leave?'),
  u('train-03', 'spk2', 170, 'Is there a connection from Frankfurt to Munich tomorrow morning?'),
  u('train-04', 'spk4', 155, 'I need a return ticket to Stuttgart, leaving on Friday evening.'),
  u('airport-01', 'spk2', 165, 'When does the flight to London depart?'),
  u('airport-02', 'spk1', 175, 'Flight seven to Boston leaves from gate twelve at noon.'),
  u('airport-03', 'spk4', 160, 'Is the plane from Paris delayed?'),
  u('airport-04', 'spk3', 170, 'Where can I check in for my Lufthansa flight to Munich?'),
  u('news-01', 'spk1', 165, 'In Berlin, Angela Merkel met Barack Obama.'),
  u('news-02', 'spk2', 155, 'The United Nations held a meeting in Geneva on Friday.'),
  u('news-03', 'spk3', 160, 'Siemens announced new jobs in Munich.'),
  u('news-04', 'spk4', 175, 'Microsoft opened an office in London, near Heathrow airport.'),
];
