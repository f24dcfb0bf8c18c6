"""[ADV] The WEATHER cards (FGP 2.2, 3.3, 13.1, 13.1.1) and the weather's numbers:
the schema of content/weather.toml (our reconstruction), re-exported by content.py."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .schema import Strict


# =========================================================================
# [ADV] WEATHER cards (FGP 2.2, 3.3, 13.1, 13.1.1)
# =========================================================================
WeatherKind = Literal["sunny", "cloudy", "rainy"]
TEMPERATURES = ("normal", "hot", "extreme")          # FGP 3.3 (Sunny)


class WeatherCard(Strict):
    id: str
    name: str
    kind: WeatherKind
    # FGP 3.3 / 7.2 (Sunny): WHITE face values -> track temperature, every face once
    temperature: dict[Literal["normal", "hot", "extreme"], list[int]] | None = None
    radar: int | None = Field(default=None, ge=1, le=6)      # FGP 3.3: token on WHITE x radar
    forecast: int | None = Field(default=None, ge=1, le=6)   # FGP 13.1: check on WHITE x this
    text: str

    @model_validator(mode="after")
    def _check(self):
        if self.kind == "sunny":
            if self.temperature is None or self.radar is not None or self.forecast is not None:
                raise ValueError("a Sunny card has a temperature table and no Weather "
                                 "token (FGP 3.3: no weather changes)")
            faces = sorted(v for vs in self.temperature.values() for v in vs)
            if faces != [1, 2, 3, 4, 5, 6]:
                raise ValueError("temperature: each WHITE face 1..6 once (FGP 3.3)")
        else:
            if self.temperature is not None or self.radar is None or self.forecast is None:
                raise ValueError(f"a {self.kind} card has radar and forecast values and no "
                                 "temperature (FGP 3.3, 13.1)")
        return self

    def temperature_for(self, face: int) -> str:
        """FGP 3.3: the track temperature a WHITE face gives (Sunny cards)."""
        return next(t for t, vs in (self.temperature or {}).items() if face in vs)


class WeatherRules(Strict):
    standing_water_tokens: int = Field(ge=1)   # FGP 2.2
    rain_panel: int = Field(ge=1)              # FGP 13.1.1 / 13.8.2
    rain_start_panel: int = Field(ge=0)        # FGP 3.3 (Rainy): the cloud-icon space
    hot_wear: int = Field(ge=0)                # FGP 3.3
    extreme_wear: int = Field(ge=0)


class WeatherDeck(Strict):
    weather: WeatherRules
    cards: list[WeatherCard]

    @model_validator(mode="after")
    def _check(self):
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate WEATHER card id")
        if len(self.cards) != 5:                             # FGP 2.2
            raise ValueError(f"the WEATHER deck has 5 cards, not {len(self.cards)}")
        kinds = {c.kind for c in self.cards}
        if kinds != {"sunny", "cloudy", "rainy"}:
            # FGP 3.3 names the three forecasts; 13.1.1 lays a Rainy or a Cloudy card
            raise ValueError("WEATHER cards: at least one Sunny, one Cloudy and one Rainy")
        return self

    def card(self, cid: str) -> WeatherCard:
        return next(c for c in self.cards if c.id == cid)

    def first(self, kind: str) -> WeatherCard:
        return next(c for c in self.cards if c.kind == kind)
