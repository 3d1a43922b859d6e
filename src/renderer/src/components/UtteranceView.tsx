import { useCallback, useState } from 'react';
import type { AnnotatorLayer } from '../../../core/api/annotators';
import type { GoldState } from '../../../core/api/contract';
import type { AnnotationSettings, AnnotationSettingsState } from '../../../core/edit/settings';
import type { Peaks, UtteranceDetail } from '../../../core/model/schemas';
import { call } from '../bridge';
import { useLoad } from '../hooks/useApi';
import type { ErrorFocus } from '../workspace/errorFocus';
import { Workspace } from '../workspace/Workspace';
import { ErrorNote } from './ErrorNote';
import { type ActingAs, actingLayer, hidesOthers, useActingAs } from '../team/actingAs';

interface Props {
  utteranceId: string;
  position: { index: number; count: number };
  /** An error of the ASR error lists to select and play once the utterance is shown. */
  focus?: ErrorFocus | null;
  onBack(): void;
  onNavigate(delta: number): void;
  /** Opens the utterance's adjudication view (offered where it has two or more annotator layers). */
  adjudicate?: boolean;
  onAdjudicate?(): void;
}

interface Loaded {
  detail: UtteranceDetail;
  peaks: Peaks | null;
  gold: GoldState;
  settings: AnnotationSettingsState;
  /** The annotators' layers of the utterance. */
  layers: AnnotatorLayer[];
}

/**
 * Loads an utterance as `acting` works on it: the gold of its layer (and, acting as an annotator, the
 * layer's status in place of the adjudicated one); the annotators' layers only where they may be seen
 * (never while annotating blind).
 */
async function loadUtterance(id: string, acting: ActingAs): Promise<Loaded> {
  const [detail, gold, settings, layers] = await Promise.all([
    call('utterance:get', { utteranceId: id }),
    call('gold:get', { utteranceId: id, ...actingLayer(acting.annotator) }),
    call('annotation:getSettings', {}),
    // Asked as the annotator: the store answers their own layer only if the project has turned blind since.
    hidesOthers(acting)
      ? { layers: [] }
      : call('gold:layers', {
          utteranceId: id,
          ...(acting.annotator !== null ? { as: acting.annotator } : {}),
        }),
  ]);
  const peaks = detail.audio.state === 'ok' ? await call('audio:peaks', { audioId: detail.audio.id }) : null;
  const shown =
    gold.status === undefined
      ? detail
      : { ...detail, utterance: { ...detail.utterance, status: gold.status } };
  return { detail: shown, peaks, gold, settings, layers: layers.layers };
}

/** One utterance: loads what the annotation workspace needs and shows it. */
export function UtteranceView({
  utteranceId,
  position,
  focus,
  onBack,
  onNavigate,
  adjudicate = false,
  onAdjudicate,
}: Props) {
  const acting = useActingAs();
  const loaded = useLoad(() => loadUtterance(utteranceId, acting), [utteranceId, acting]);
  const [settings, setSettings] = useState<AnnotationSettingsState | null>(null);
  const saveSettings = useCallback(async (next: AnnotationSettings) => {
    setSettings(await call('annotation:setSettings', { settings: next }));
  }, []);

  if (loaded.status === 'loading') return <main className="page muted">Loading {utteranceId}…</main>;
  if (loaded.status === 'error')
    return (
      <main className="page">
        <ErrorNote error={loaded.error} />
      </main>
    );
  const { detail, peaks, gold, layers } = loaded.value;
  // Adjudication writes the adjudicated layer: only the adjudicator does it.
  const adjudicable = layers.length >= 2 && acting.annotator === null;
  // An annotator sees the others' layers where the project does not annotate blind (else none were read).
  const others =
    acting.annotator !== null && !hidesOthers(acting)
      ? layers.filter((l) => l.annotator !== acting.annotator)
      : null;
  return (
    <Workspace
      detail={detail}
      peaks={peaks}
      goldState={gold}
      settings={settings ?? loaded.value.settings}
      position={position}
      focus={focus ?? null}
      onBack={onBack}
      onNavigate={onNavigate}
      onSettings={saveSettings}
      layers={adjudicate && adjudicable ? layers : null}
      onAdjudicate={!adjudicate && adjudicable ? onAdjudicate : null}
      editing={acting.annotator}
      others={others}
    />
  );
}
