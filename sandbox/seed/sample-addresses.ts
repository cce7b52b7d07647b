/**
 * Valid mainnet addresses for the seed, the magic values and the tests. Each was generated from
 * a fixed label (hash → payload) with the network's real encoding: base58check, bech32/bech32m,
 * cashaddr, EIP-55 and Stellar StrKey, so the contract's validators accept them.
 */
export const SAMPLE_ADDRESSES = {
  bitcoinP2pkh: '1D4prNBgbtMV4EPxKE8D6mXzTxLUXabvQv',
  bitcoinP2sh: '36G62kK7aoqHYP9i6QgMLMDYG4StxvPQjR',
  bitcoinSegwit: 'bc1qrsfaa2mcfxffa59z09jeyx600m69jhphy70500',
  bitcoinTaproot: 'bc1p5r3huge2y9ln5nwr2qwz0cpfhedrf66kd5gkjz2sgltafug4uyms5fdaly',
  bitcoinSegwitB: 'bc1qxhnhp4tkza99g4u5mzs8dpznz50hasretf832q',
  bitcoinTestnet: 'tb1q568m0hw8acadhz9hk6facd03cps9j49hrhgfcf',
  litecoin: 'LWYF8a3jVZtTLzowWGaL7Xxoe7S3x2u5uL',
  litecoinSegwit: 'ltc1qystvf565xkvzpyz88n0kwnkhmae633cm07e7rw',
  bitcoinCash: 'bitcoincash:qpe7q0hytzztux5a0cpd4u5yahrnpw7szuwdk8r0v9',
  bitcoinCashLegacy: '1MHYCkCffihnwm2rAen8kMoG47tBdMiYX5',
  evmA: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
  evmB: '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318',
  evmC: '0x3A8e9b7c8d340626315788B48060469dFd080775',
  solanaA: '7nwuiCcGFJQiBrRVbv57L5GZTrimDZF5sFBVwJNnPQbW',
  solanaB: '2G3DJsQcfn4AJ91dvp4RcDD8E8wCFNZwoxXB4u8VEQk3',
  stellarA: 'GCM5WUPIGTJ243PL4IW6N6JDHMI54LGGPUACJUM7FVRNXGWDZ4HJQ4GC',
  stellarB: 'GB63EL64H3EVJTUGHBLMMFDREEUJYNA32D746YXTXB7FWYZIM6O6XU2L',
  dogecoinA: 'DFt9S2cw25TS2JBcGnBDZ4RYi96m8rfrmh',
  dogecoinB: 'D7RSnCV5E13VmRfXkU1rATz7mFa7ybSgwS',
  dogecoinP2sh: '9uRT7K3JmoFjmpkLJMJLd2WH16Ze7hqi3T',
  suiA: '0x5426c50f9c771e8e9e7288c9b2d2ca7c7a6a455a9f6c47c5d482bfb99684471c',
  suiB: '0x7700bd836c3db8d0b3e773cd57af03596aae1dbd11e1127e06fd688c3b4b2906',
} as const;
