/**
 * The quality score card of the editor: the overall score with its level (good 80+, medium
 * 60+, poor below) and message, a validating indicator while the 500 ms debounce runs, and
 * each weighted field with its issues and suggestions (src/shared/quality-score.ts).
 */
import { useState } from 'react';
import type { FieldKey, QualityScore } from '@/src/shared/quality-score';
import { SCORE_WEIGHTS, levelFor } from '@/src/shared/quality-score';
import { AlertIcon, CheckIcon, SparkIcon } from './icons';
import { statusTone } from '../ui/tones';

const FIELDS: { key: FieldKey; label: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'description', label: 'Description' },
  { key: 'shortDescription', label: 'Short description' },
  { key: 'tags', label: 'Tags' },
];

export function QualityScoreCard({ score, validating }: { score: QualityScore; validating: boolean }) {
  const circumference = 2 * Math.PI * 26;
  // On narrow screens the card sits above the form: the breakdown folds behind a button.
  const [shown, setShown] = useState(false);
  const issues = Object.values(score.fields).reduce((n, f) => n + f.issues.length, 0);
  return (
    <section className={`st-score is-${score.level}`} aria-labelledby="st-score-title">
      <div className="st-score-head">
        <div className="st-score-ring" aria-hidden="true">
          <svg viewBox="0 0 64 64" width="72" height="72">
            <circle cx="32" cy="32" r="26" className="st-ring-track" />
            <circle
              cx="32"
              cy="32"
              r="26"
              className="st-ring-value"
              strokeDasharray={circumference}
              strokeDashoffset={circumference * (1 - score.overall / 100)}
            />
          </svg>
          <span>{score.overall}</span>
        </div>
        <div>
          <h2 id="st-score-title" className="st-score-title">
            <SparkIcon size={16} /> Quality score
          </h2>
          <p className="st-score-level">
            <span className={`st-level ${statusTone(score.level)}`}>{score.label}</span>
            <span className="visually-hidden">: {score.overall} out of 100</span>
            <span className={`st-validating${validating ? ' is-on' : ''}`} role="status" aria-live="polite">
              {validating ? 'Validating…' : ''}
            </span>
          </p>
        </div>
      </div>
      <p className="st-score-message">{score.message}</p>
      <button type="button" className="st-score-more" aria-expanded={shown} aria-controls="st-score-fields" onClick={() => setShown((v) => !v)}>
        {shown ? 'Hide breakdown' : `Show breakdown${issues ? ` (${issues} issue${issues === 1 ? '' : 's'})` : ''}`}
      </button>
      <ul id="st-score-fields" className={`st-score-fields${shown ? ' is-shown' : ''}`}>
        {FIELDS.map(({ key, label }) => {
          const field = score.fields[key];
          return (
            <li key={key} className={`is-${levelFor(field.score)}`}>
              <div className="st-score-row">
                <span>
                  {label} <span className="st-weight">{Math.round(SCORE_WEIGHTS[key] * 100)}%</span>
                </span>
                <span className={`st-score-num ${field.isValid ? 'is-valid' : 'is-invalid'}`}>
                  {field.isValid ? <CheckIcon size={14} /> : <AlertIcon size={14} />} {field.score}
                </span>
              </div>
              <div className="st-bar" aria-hidden="true">
                <span style={{ width: `${field.score}%` }} />
              </div>
              {(field.issues.length > 0 || field.suggestions.length > 0) && (
                <ul className="st-notes">
                  {field.issues.map((m) => (
                    <li key={m} className="is-issue">
                      {m}
                    </li>
                  ))}
                  {field.suggestions.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
