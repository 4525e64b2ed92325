/**
 * 'Need Help? Ask AI' (spec section 4): a greeting with quick options while the chat has 2
 * or fewer messages, a reply 1 s after each message, keyword intents (src/shared/auth-assistant.ts)
 * reported to the page, and voice input in en-US through the Web Speech API.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  ASSISTANT_GREETING,
  ASSISTANT_QUICK_OPTIONS,
  ASSISTANT_QUICK_OPTIONS_MAX_MESSAGES,
  ASSISTANT_REPLY_DELAY_MS,
  assistantReply,
} from '@/src/shared/auth-assistant';
import type { UserType } from '@/src/shared/domain';

interface Message {
  id: number;
  from: 'assistant' | 'user';
  text: string;
}

/** The slice of the Web Speech API used here (not in TypeScript's DOM library). */
interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

function speechRecognition(): SpeechRecognitionConstructor | null {
  const w = window as unknown as { SpeechRecognition?: SpeechRecognitionConstructor; webkitSpeechRecognition?: SpeechRecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

interface Props {
  onIntent(type: UserType): void;
  onClose(): void;
}

export function AuthAssistant({ onIntent, onClose }: Props) {
  const [messages, setMessages] = useState<Message[]>([{ id: 0, from: 'assistant', text: ASSISTANT_GREETING }]);
  const [input, setInput] = useState('');
  const [typing, setTyping] = useState(false);
  const [listening, setListening] = useState(false);
  const nextId = useRef(1);
  const timers = useRef<number[]>([]);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();

  useEffect(() => {
    inputRef.current?.focus();
    // The same array for the component's life (timers are pushed into it).
    const pending = timers.current;
    return () => {
      pending.forEach((t) => window.clearTimeout(t));
      recognition.current?.stop();
    };
  }, []);

  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [messages, typing]);

  function send(text: string) {
    const value = text.trim();
    if (!value) return;
    setMessages((m) => [...m, { id: nextId.current++, from: 'user', text: value }]);
    setInput('');
    setTyping(true);
    const timer = window.setTimeout(() => {
      const { intent, reply } = assistantReply(value);
      setMessages((m) => [...m, { id: nextId.current++, from: 'assistant', text: reply }]);
      setTyping(false);
      if (intent) onIntent(intent);
    }, ASSISTANT_REPLY_DELAY_MS);
    timers.current.push(timer);
  }

  function submit(event: SubmitEvent) {
    event.preventDefault();
    send(input);
  }

  function toggleVoice() {
    if (listening) {
      recognition.current?.stop();
      return;
    }
    const Recognition = speechRecognition();
    if (!Recognition) {
      window.alert('Voice recognition is not supported in your browser');
      return;
    }
    const rec = new Recognition();
    rec.lang = 'en-US';
    rec.interimResults = false;
    rec.maxAlternatives = 1;
    rec.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript ?? '';
      if (transcript) setInput(transcript);
    };
    rec.onerror = (event) => console.warn('[assistant] voice input error:', event.error);
    rec.onend = () => setListening(false);
    recognition.current = rec;
    rec.start();
    setListening(true);
  }

  return (
    <section className="assistant" aria-labelledby={titleId}>
      <div className="assistant-head">
        <h2 id={titleId}>
          <span aria-hidden="true">✦</span> toolmint assistant
        </h2>
        <button type="button" className="assistant-close" onClick={onClose} aria-label="Close assistant">
          ×
        </button>
      </div>
      <div className="assistant-log" role="log" aria-live="polite" ref={logRef}>
        {messages.map((m) => (
          <p key={m.id} className={`assistant-message from-${m.from}`}>
            <span className="visually-hidden">{m.from === 'assistant' ? 'Assistant: ' : 'You: '}</span>
            {m.text}
          </p>
        ))}
        {typing && (
          <p className="assistant-message from-assistant assistant-typing">
            <span className="visually-hidden">Assistant is typing</span>
            <span aria-hidden="true">•••</span>
          </p>
        )}
      </div>
      {messages.length <= ASSISTANT_QUICK_OPTIONS_MAX_MESSAGES && (
        <div className="assistant-options" aria-label="Quick options" role="group">
          {ASSISTANT_QUICK_OPTIONS.map((option) => (
            <button key={option.label} type="button" className="assistant-option" onClick={() => send(option.text)} disabled={typing}>
              {option.label}
            </button>
          ))}
        </div>
      )}
      <form className="assistant-form" onSubmit={submit}>
        <input
          ref={inputRef}
          className="auth-input"
          aria-label="Message the assistant"
          placeholder={listening ? 'Listening…' : 'Tell me what you want to do'}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          maxLength={500}
        />
        <button
          type="button"
          className={`assistant-icon${listening ? ' listening' : ''}`}
          onClick={toggleVoice}
          aria-pressed={listening}
          aria-label={listening ? 'Stop voice input' : 'Voice input'}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 14a3 3 0 0 0 3-3V5a3 3 0 1 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1A7 7 0 0 0 19 11h-2Z"
            />
          </svg>
        </button>
        <button type="submit" className="btn btn-primary assistant-send" disabled={!input.trim()}>
          Send
        </button>
      </form>
    </section>
  );
}
