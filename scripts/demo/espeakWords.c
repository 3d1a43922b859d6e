/*
 * espeakWords: synthesizes one sentence with libespeak-ng, writes the audio exactly as the synth
 * callback delivers it to a mono 16-bit WAV file, and prints the word times as JSON on stdout.
 *
 *   espeakWords <voice> <rate-wpm> <text> <out.wav>
 *
 * Word starts are espeak's WORD events. A word ends where its last non-pause phoneme ends, i.e. at
 * the next PHONEME or WORD event after that phoneme; the next word's start would otherwise swallow
 * comma and sentence pauses. All times are espeak's audio_position, milliseconds from the first
 * sample of the output.
 */
#include <espeak-ng/speak_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  espeak_EVENT_TYPE type;
  int ms;
  int text_position; /* 1-based character offset into the text */
  int length;        /* word length in characters (WORD events) */
  char phoneme[9];   /* phoneme mnemonic (PHONEME events), zero-terminated */
} Event;

static int16_t *samples;
static size_t n_samples, cap_samples;
static Event *events;
static size_t n_events, cap_events;

static void *grow(void *p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap) return p;
  size_t c = *cap ? *cap : 1024;
  while (c < need) c *= 2;
  void *q = realloc(p, c * size);
  if (!q) {
    fprintf(stderr, "espeakWords: out of memory\n");
    exit(2);
  }
  *cap = c;
  return q;
}

static int on_synth(short *wav, int numsamples, espeak_EVENT *ev) {
  if (wav && numsamples > 0) {
    samples = grow(samples, &cap_samples, n_samples + (size_t)numsamples, sizeof *samples);
    memcpy(samples + n_samples, wav, (size_t)numsamples * sizeof *samples);
    n_samples += (size_t)numsamples;
  }
  for (; ev && ev->type != espeakEVENT_LIST_TERMINATED; ev++) {
    if (ev->type != espeakEVENT_WORD && ev->type != espeakEVENT_PHONEME && ev->type != espeakEVENT_END)
      continue;
    events = grow(events, &cap_events, n_events + 1, sizeof *events);
    Event *e = &events[n_events++];
    memset(e, 0, sizeof *e);
    e->type = ev->type;
    e->ms = ev->audio_position;
    e->text_position = ev->text_position;
    e->length = ev->length;
    /* id.string fills all 8 bytes without a terminator when the name is 8 bytes long. */
    if (ev->type == espeakEVENT_PHONEME) memcpy(e->phoneme, ev->id.string, 8);
  }
  return 0;
}

static void put_u32(FILE *f, uint32_t v) {
  unsigned char b[4] = {v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff};
  fwrite(b, 1, 4, f);
}

static void put_u16(FILE *f, uint16_t v) {
  unsigned char b[2] = {v & 0xff, (v >> 8) & 0xff};
  fwrite(b, 1, 2, f);
}

static int write_wav(const char *file, int rate) {
  FILE *f = fopen(file, "wb");
  if (!f) return -1;
  uint32_t data = (uint32_t)(n_samples * 2);
  fwrite("RIFF", 1, 4, f);
  put_u32(f, 36 + data);
  fwrite("WAVEfmt ", 1, 8, f);
  put_u32(f, 16);
  put_u16(f, 1); /* PCM */
  put_u16(f, 1); /* mono */
  put_u32(f, (uint32_t)rate);
  put_u32(f, (uint32_t)rate * 2);
  put_u16(f, 2);
  put_u16(f, 16);
  fwrite("data", 1, 4, f);
  put_u32(f, data);
  for (size_t i = 0; i < n_samples; i++) put_u16(f, (uint16_t)samples[i]);
  return fclose(f);
}

static int is_pause(const Event *e) { return e->phoneme[0] == '_' || e->phoneme[0] == '\0'; }

/* Prints s[from, from+len) as a JSON string; positions are 1-based characters of ASCII text. */
static void print_json_text(const char *s, int from, int len) {
  size_t n = strlen(s);
  putchar('"');
  for (int i = 0; i < len; i++) {
    size_t at = (size_t)(from - 1 + i);
    if (at >= n) break;
    unsigned char c = (unsigned char)s[at];
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c < 0x20) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

static void print_json_phoneme(const char *p) {
  putchar('"');
  for (; *p; p++) {
    if (*p == '"' || *p == '\\') putchar('\\');
    putchar(*p);
  }
  putchar('"');
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: espeakWords <voice> <rate-wpm> <text> <out.wav>\n");
    return 2;
  }
  const char *voice = argv[1], *text = argv[3], *out = argv[4];
  int rate = atoi(argv[2]);

  int sample_rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, espeakINITIALIZE_PHONEME_EVENTS);
  if (sample_rate <= 0) {
    fprintf(stderr, "espeakWords: espeak_Initialize failed\n");
    return 1;
  }
  if (espeak_SetVoiceByName(voice) != EE_OK) {
    fprintf(stderr, "espeakWords: unknown voice %s\n", voice);
    return 1;
  }
  espeak_SetParameter(espeakRATE, rate, 0);
  espeak_SetSynthCallback(on_synth);
  if (espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL) != EE_OK ||
      espeak_Synchronize() != EE_OK) {
    fprintf(stderr, "espeakWords: synthesis failed\n");
    return 1;
  }
  espeak_Terminate();
  if (write_wav(out, sample_rate) != 0) {
    fprintf(stderr, "espeakWords: cannot write %s\n", out);
    return 1;
  }

  int total_ms = (int)((n_samples * 1000 + (size_t)sample_rate / 2) / (size_t)sample_rate);
  printf("{\"sampleRate\":%d,\"samples\":%zu,\"words\":[", sample_rate, n_samples);
  int printed = 0;
  for (size_t i = 0; i < n_events; i++) {
    if (events[i].type != espeakEVENT_WORD) continue;
    size_t next_word = i + 1;
    while (next_word < n_events && events[next_word].type != espeakEVENT_WORD) next_word++;
    size_t last = 0;
    int found = 0;
    for (size_t j = i + 1; j < next_word; j++) {
      if (events[j].type == espeakEVENT_PHONEME && !is_pause(&events[j])) {
        last = j;
        found = 1;
      }
    }
    if (!found) {
      fprintf(stderr, "espeakWords: word at character %d has no phonemes\n", events[i].text_position);
      return 1;
    }
    /* The last phoneme lasts until whatever espeak emits next: a pause, the next word, or the end. */
    int end_ms = total_ms;
    for (size_t j = last + 1; j < n_events; j++) {
      if (events[j].type == espeakEVENT_PHONEME || events[j].type == espeakEVENT_WORD ||
          events[j].type == espeakEVENT_END) {
        end_ms = events[j].ms;
        break;
      }
    }
    printf("%s{\"text\":", printed++ ? "," : "");
    print_json_text(text, events[i].text_position, events[i].length);
    printf(",\"startMs\":%d,\"endMs\":%d,\"phonemes\":[", events[i].ms, end_ms);
    int k = 0;
    for (size_t j = i + 1; j < next_word; j++) {
      if (events[j].type != espeakEVENT_PHONEME || is_pause(&events[j])) continue;
      if (k++) putchar(',');
      print_json_phoneme(events[j].phoneme);
    }
    printf("]}");
  }
  printf("]}\n");
  free(samples);
  free(events);
  return 0;
}
