import {
  filterAntispam,
  isAntispamProblem,
  parseAntispamLexicon,
  type AntispamLexicon,
  type AntispamProblem,
  type AntispamVerdict,
} from '../validation/antispam-rules';

// The client anti-spam filter (im-client-spec §5, §7 getClientAntispam; docs/im-background.md
// "Anti-spam filter"). It keeps the lexicon the server hands out (asked again after every login with
// the md5 of the copy it has, so an unchanged lexicon is not sent twice) and checks outgoing text with
// the rule im-server runs too (validation/antispam-rules.ts).

/** getClientAntispam's answer: the lexicon's md5, its JSON text (empty when the asker's md5 is current) and version. */
export interface AntispamAnswer {
  md5?: string;
  lexicon?: string;
  version?: number;
}

export interface ClientAntispamOptions {
  /** This client's app key: a lexicon of another app key is refused. */
  appKey: string;
  /** getClientAntispam over the connection (or the leader tab). */
  fetchLexicon(md5: string): Promise<AntispamAnswer>;
}

export class ClientAntispam {
  private lexicon: AntispamLexicon | undefined;
  private md5 = '';
  private problem: AntispamProblem = { code: 404, message: 'no anti-spam lexicon' };

  constructor(private readonly options: ClientAntispamOptions) {}

  /**
   * Asks the server for the lexicon. An answer with the md5 we hold and no text keeps our copy; a
   * malformed lexicon or one of another app key is refused (500) and the copy we had stays in use.
   * Resolves with the lexicon in use, or the problem (404 none, 500 malformed); rejects only when the
   * request itself fails.
   */
  async refresh(): Promise<AntispamLexicon | AntispamProblem> {
    const answer = await this.options.fetchLexicon(this.md5);
    if (this.lexicon && answer.md5 === this.md5 && !answer.lexicon) return this.lexicon;
    const parsed = parseAntispamLexicon(answer.lexicon, this.options.appKey);
    if (isAntispamProblem(parsed)) {
      // No lexicon on the server any more: nothing to filter. A bad one leaves the last good one.
      if (parsed.code === 404) {
        this.lexicon = undefined;
        this.md5 = '';
      }
      this.problem = parsed;
      return this.lexicon ?? parsed;
    }
    this.lexicon = parsed;
    this.md5 = answer.md5 ?? '';
    return parsed;
  }

  /** The lexicon in use, if any. */
  current(): AntispamLexicon | undefined {
    return this.lexicon;
  }

  /**
   * §5 filterClientAntispam: 0 unchanged, 1 ** substituted, 2 suggest reject, 3 leave to the server;
   * 404 for empty content or no lexicon, 500 when the server's lexicon was malformed.
   */
  filter(content: string): AntispamVerdict | AntispamProblem {
    if (typeof content !== 'string' || content === '') return filterAntispam(content, this.lexicon);
    return this.lexicon ? filterAntispam(content, this.lexicon) : this.problem;
  }
}
