package Lib "two models in one file: --class picks one"
  model Swing "a pendulum"
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});
    Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, body.frame_a);
  end Swing;

  model Slide "a mass on a prismatic joint"
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n={1,0,0});
    Modelica.Mechanics.MultiBody.Parts.Body body(m=2);
  equation
    connect(world.frame_b, slider.frame_a);
    connect(slider.frame_b, body.frame_a);
  end Slide;
end Lib;
