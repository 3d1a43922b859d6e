// The API methods of a project's annotators, assignments and layers (the gold methods take a layer too;
// `layerId` turns the layer a request names into the store's annotator id).
import type { Handlers } from '../../core/api/contract';
import { type LayerRef, layerAnnotator } from '../../core/api/annotators';
import {
  addAnnotator,
  annotatorId,
  assign,
  assignByRule,
  layersOf,
  listAnnotators,
  setTeamSettings,
  teamSettings,
} from '../store/annotatorStore';
import type { Db } from '../store/openDatabase';
import type { ProjectStore } from '../store/projectStore';
import { writeWhenFree } from '../store/writeTransaction';
import { previewAssignment, ruleAnnotatorNames, storeRule } from './assignmentPreview';
import { blindAnnotator } from './blindness';
import type { Session } from './session';

/** The store's id of the annotator whose layer `layer` names; undefined for the adjudicated layer. */
export function layerId(db: Db, layer: LayerRef | undefined): number | undefined {
  const name = layerAnnotator(layer);
  return name === undefined ? undefined : annotatorId(db, name);
}

/** The project's annotators and team settings, as `annotator:list` answers. */
function annotatorList(db: Db) {
  return { annotators: listAnnotators(db), ...teamSettings(db) };
}

function edit<T>(session: Session, fn: (project: ProjectStore) => T): Promise<T> {
  const project = session.project;
  project.assertWritable();
  return writeWhenFree(project.file, project.db, () => fn(project));
}

/** The handlers of the annotator methods. */
export function annotatorHandlers(
  session: Session,
): Pick<
  Handlers,
  | 'annotator:list'
  | 'annotator:add'
  | 'annotator:setSettings'
  | 'assignment:set'
  | 'assignment:preview'
  | 'gold:layers'
> {
  return {
    'annotator:list': () => annotatorList(session.project.db),
    'annotator:add': ({ name }) => edit(session, (p) => addAnnotator(p.db, name)),
    'annotator:setSettings': (settings) =>
      edit(session, (p) => {
        setTeamSettings(p.db, settings);
        return annotatorList(p.db);
      }),
    'assignment:set': (request) =>
      edit(session, (p) => {
        const added =
          'rule' in request
            ? assignByRule(
                p.db,
                ruleAnnotatorNames(p.db, request).map((n) => annotatorId(p.db, n)),
                storeRule(request.rule),
              )
            : assign(p.db, annotatorId(p.db, request.annotator), request.utteranceIds);
        return { added, annotators: listAnnotators(p.db) };
      }),
    'assignment:preview': (request) => previewAssignment(session.project.db, request),
    'gold:layers': ({ utteranceId, as }) => {
      const db = session.project.db;
      session.project.getUtterance(utteranceId);
      const blind = blindAnnotator(db, as);
      return {
        utteranceId,
        layers: layersOf(db, utteranceId)
          .filter((l) => blind === null || l.annotatorId === blind.id)
          .map((l) => ({
            annotator: l.name,
            status: l.status,
            gold: l.gold,
            goldRev: l.goldRev,
          })),
      };
    },
  };
}
