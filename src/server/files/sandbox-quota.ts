/**
 * The bytes each sandbox key holds, counted before they are written: an upload claims its declared size before
 * its body is read, and every further piece before it is stored. Claims are taken and given back on the request
 * thread, one at a time, so uploads running side by side can never hold more than the limit between them.
 */
export class SandboxQuota {
  private readonly claimed = new Map<string, number>()

  constructor(readonly limitBytes: number) {}

  /** A claim of `bytes` for the key, or null when they do not fit beside what it holds and is receiving. */
  claim(credential: string, bytes: number): QuotaClaim | null {
    return this.take(credential, bytes) ? new QuotaClaim(this, credential, bytes) : null
  }

  /**
   * A claim of `bytes`, or of whatever room the key has left when that is less, or null when it has none: for an
   * upload whose size is only bounded. The uploads begun first get the room, so of several sent at once the first
   * are stored whole rather than every one refused part way.
   */
  claimUpTo(credential: string, bytes: number): QuotaClaim | null {
    const room = this.limitBytes - (this.claimed.get(credential) ?? 0)
    return room > 0 || bytes === 0 ? this.claim(credential, Math.min(bytes, room)) : null
  }

  /** @internal Adds `bytes` to the key's claims when they fit. */
  take(credential: string, bytes: number): boolean {
    const total = (this.claimed.get(credential) ?? 0) + bytes
    if (total > this.limitBytes) return false
    this.claimed.set(credential, total)
    return true
  }

  /** @internal */
  give(credential: string, bytes: number) {
    const left = (this.claimed.get(credential) ?? 0) - bytes
    if (left > 0) this.claimed.set(credential, left)
    else this.claimed.delete(credential)
  }
}

/** Room one upload holds in its key's quota: grown as its bytes arrive, trimmed to them when it is stored. */
export class QuotaClaim {
  private released = false

  constructor(
    private readonly quota: SandboxQuota,
    private readonly credential: string,
    private claimedBytes: number,
  ) {}

  /** Makes the claim cover `bytes` in all; false, and unchanged, when the key has no room for the difference. */
  growTo(bytes: number): boolean {
    if (this.released) return false
    if (bytes <= this.claimedBytes) return true
    if (!this.quota.take(this.credential, bytes - this.claimedBytes)) return false
    this.claimedBytes = bytes
    return true
  }

  /** Gives back what the upload turned out not to need (it declared more than it sent). */
  trimTo(bytes: number) {
    if (this.released || bytes >= this.claimedBytes) return
    this.quota.give(this.credential, this.claimedBytes - bytes)
    this.claimedBytes = bytes
  }

  /** Gives the whole claim back, once: the upload was refused, or its bytes are removed. */
  release() {
    if (this.released) return
    this.released = true
    this.quota.give(this.credential, this.claimedBytes)
  }
}
