model FourbarToggle "the four-bar of fourbar_planar.mo with a 1 m ground link: its crank cannot turn round and swings between toggle positions"
  extends FourbarPlanar(ground(r={1.0,0,0}));
end FourbarToggle;
